import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Liveness and database reachability, for load balancers and the README's first check. */
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
}
