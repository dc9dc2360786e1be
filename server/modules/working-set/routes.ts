/** The agent's working set (src/domain/working-set.ts, docs/architecture.md §7). */
import { workingSetQuerySchema, workingSetView } from '../../../src/domain/working-set';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import { workingSetFor } from './service';

export const workingSetRoutes: RoutesPlugin = async (app, { config, db, now }) => {
  app.get(
    '/agent/working-set',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['agents'],
        summary: "What changed in the agent's working set since a token",
        description: `Everything an agent's offline work needs, per business the agent may work in (a shard): the areas, loan plans and repayment cycles whole when they changed, and the borrowers, loans, follow-ups and loan files one by one, with the ids of those removed. Without \`since\` every shard fills from the start, ${config.workingSetChunk} records per answer: while \`more\` is true, ask again at once with the answer's \`token\`. With the \`since\` of the last answer, only what changed after it; 304 when nothing did. The ETag is the token.`,
        querystring: schemaOf(workingSetQuerySchema),
        response: {
          200: responseOf(workingSetView),
          304: { description: 'Nothing changed since the token', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { token, answer } = await workingSetFor(
        db,
        currentUser(request).id,
        request.query.since,
        { now: now(), chunk: config.workingSetChunk },
      );
      // The token names the answer: wire-bytes need not hash a fill's megabyte.
      void reply.header('ETag', `W/"${token}"`);
      if (!answer) return reply.code(304).send();
      return answer;
    },
  );
};
