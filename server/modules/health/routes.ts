import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

const readiness = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    db: { type: 'string' },
    storage: { type: 'string' },
  },
} as const;

/**
 * /health: liveness and database reachability, for the README's first check.
 * /health/ready: whether this instance can serve now (database and file storage both
 * answer), for a load balancer deciding where to send requests.
 */
export async function healthRoutes(app: FastifyInstance, options: Deps) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database status',
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, db: { type: 'string' } },
          },
          503: {
            type: 'object',
            properties: { status: { type: 'string' }, db: { type: 'string' } },
          },
        },
      },
    },
    async (_request, reply) => {
      const dbUp = await options.database.ping();
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
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const [dbUp, storageUp] = await Promise.all([
        options.database.ping(),
        options.storage.ping(),
      ]);
      const answer = {
        status: dbUp && storageUp ? 'ready' : 'not ready',
        db: dbUp ? 'ok' : 'unreachable',
        storage: storageUp ? 'ok' : 'unreachable',
      };
      return reply.code(dbUp && storageUp ? 200 : 503).send(answer);
    },
  );
}
