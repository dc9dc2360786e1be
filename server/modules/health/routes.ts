import type { RoutesPlugin } from '../deps';
import { contract } from '../../lib/contract';

/**
 * /health: liveness and database reachability, for the README's first check.
 * /health/ready: whether this instance can serve now (database and file storage both
 * answer), for a load balancer deciding where to send requests.
 */
export const healthRoutes: RoutesPlugin = async (app, { database, storage }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database status',
        ...contract('GET /health'),
      },
    },
    async (_request, reply) => {
      const dbUp = await database.ping();
      if (dbUp) return { status: 'ok', db: 'ok' };
      return reply.code(503).send({ status: 'error', db: 'unreachable' });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and the file storage both answer',
        ...contract('GET /health/ready'),
      },
    },
    async (_request, reply) => {
      const [dbUp, storageUp] = await Promise.all([database.ping(), storage.ping()]);
      const answer = {
        status: dbUp && storageUp ? 'ready' : 'not ready',
        db: dbUp ? 'ok' : 'unreachable',
        storage: storageUp ? 'ok' : 'unreachable',
      };
      return reply.code(dbUp && storageUp ? 200 : 503).send(answer);
    },
  );
};
