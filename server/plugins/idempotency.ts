/**
 * `Idempotency-Key` (DESIGN.md §3, §7): a POST, PUT or PATCH of a signed-in user that
 * carries the header is done once. The first request claims (user, key); when it
 * succeeds its status and body are stored, and every repeat is answered with them
 * (header `Idempotent-Replayed: true`) without doing the work again. A repeat that
 * arrives while the first is still running waits for its answer, so two racing replays
 * still do the work once. A failed first attempt releases the key: nothing was done, so
 * a retry may do it. The same key on a different request is refused.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency_keys row this request claimed, when it carried a new key. */
    idempotencyClaim: number | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
const BAD_KEY = 'The Idempotency-Key header must be 8 to 200 letters, digits or . _ : -';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
const STILL_RUNNING = 'This request is still being processed. Please try again in a moment.';
/** How long a repeat waits for the first request's answer. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A claim older than this without an answer belongs to a request that died: retake it. */
const ABANDONED_MS = 5 * 60_000;

const methods = new Set(['POST', 'PUT', 'PATCH']);

function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.routeOptions.url ?? request.url}\n`);
  hash.update(JSON.stringify(request.params ?? {}));
  // Multipart bodies are streamed to the handler later; JSON bodies are part of the request.
  if (!request.isMultipart()) hash.update(`\n${JSON.stringify(request.body ?? null)}`);
  return hash.digest('hex');
}

async function claim(db: Db, userId: number, key: string, hash: string) {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return claimed?.id ?? null;
}

async function replay(db: Db, userId: number, key: string, hash: string, reply: FastifyReply) {
  const started = Date.now();
  for (;;) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) return false; // released meanwhile: the caller may claim it again
    if (row.requestHash !== hash) throw new HttpError(422, KEY_REUSED);
    if (row.statusCode !== null) {
      return reply
        .code(row.statusCode)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(row.body));
    }
    if (Date.now() - started > WAIT_MS) throw new HttpError(409, STILL_RUNNING);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    const { db } = options;
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (!methods.has(request.method) || header === undefined || !request.user) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, BAD_KEY);
      const userId = request.user.id;
      const hash = requestHash(request);
      // Forget claims of requests that died without an answer.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_MS)),
            isNull(idempotencyKeys.statusCode),
          ),
        );
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const id = await claim(db, userId, key, hash);
        if (id !== null) {
          request.idempotencyClaim = id;
          return;
        }
        const answered = await replay(db, userId, key, hash, reply);
        if (answered) return answered;
      }
      throw new HttpError(409, STILL_RUNNING);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.idempotencyClaim;
      if (id === null) return payload;
      request.idempotencyClaim = null;
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        let body: unknown = null;
        try {
          body = payload ? JSON.parse(payload) : null;
        } catch {
          body = null;
        }
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, body })
          .where(eq(idempotencyKeys.id, id));
      } else {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
