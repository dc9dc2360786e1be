import { healthView, readinessView } from '../../../src/domain/admin';
import { responseOf } from '../../lib/validation';
import type { RoutesPlugin } from '../deps';

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
        response: { 200: responseOf(healthView), 503: responseOf(healthView) },
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
        response: { 200: responseOf(readinessView), 503: responseOf(readinessView) },
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
