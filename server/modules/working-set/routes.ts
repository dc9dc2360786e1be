/** The agent's working set (src/domain/working-set.ts, docs/architecture.md §7). */
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import { matches } from '../../plugins/wire-bytes';
import { emptyAnswer, workingSetFor } from './service';
import { contract } from '../../lib/contract';

export const workingSetRoutes: RoutesPlugin = async (app, { config, db, now }) => {
  app.get(
    '/agent/working-set',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['agents'],
        summary: "What changed in the agent's working set since a token",
        description: `Everything an agent's offline work needs, per business the agent may work in (a shard): the areas, loan plans and repayment cycles whole when they changed, and the borrowers, loans, follow-ups, loan files, ledgers and the complaints this agent recorded one by one, with the ids of those removed. Without \`since\` every shard fills from the start, ${config.workingSetChunk} records per answer: while \`more\` is true, ask again at once with the answer's \`token\`. With the \`since\` of the last answer, only what changed after it; when nothing did, 304 to a request whose If-None-Match holds the last answer's ETag (the token), else an answer with no shards.`,
        ...contract('GET /agent/working-set', {
          304: { description: 'Nothing changed since the token', type: 'null' },
        }),
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
      const etag = `W/"${token}"`;
      void reply.header('ETag', etag);
      if (answer) return answer;
      // Nothing changed: a 304 to a phone that asked with the tag it holds (a 304 is
      // only ever an answer to a conditional request), else the same news as a body.
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return emptyAnswer(token, now());
    },
  );
};
