/**
 * `Idempotency-Key` (docs/architecture.md §3, "The calls it makes"): a POST, PUT or PATCH of a signed-in user that
 * carries the header is done once. The route runs its work through `runIdempotent`,
 * which claims (user, key), does the work and stores the answer in ONE transaction: a
 * crash anywhere leaves either nothing (the retry does the work) or the work with its
 * answer (the retry gets the answer), never the work without its answer. A repeat gets
 * the stored status and body back, marked `Idempotent-Replayed: true`, without the
 * work being done again; a repeat that arrives while the first is still running waits
 * for it (PostgreSQL holds its insert on the key's unique index until the first commits;
 * PGlite runs one transaction at a time). The same key on a different request — other
 * path, parameters, body, or multipart fields and files — is refused with 422.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { failpoint } from '../lib/failpoints';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key a signed-in user sent on a POST, PUT or PATCH, else null. */
    idempotencyKey: string | null;
    /** A digest of a multipart body's fields and files (set by readMultipart). */
    multipartDigest: string | null;
    /** True once the route answered through runIdempotent. */
    idempotencyHandled: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route does all its work in runIdempotent and nothing before it, so a repeat is
     * answered there (its claim finds the stored answer): the early look-up of the key, one
     * more database round trip per write, is skipped.
     */
    answersRepeatsInWork?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
const BAD_KEY = 'The Idempotency-Key header must be 8 to 200 letters, digits or . _ : -';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
const STILL_RUNNING = 'This request is still being processed. Please try again in a moment.';

const methods = new Set(['POST', 'PUT', 'PATCH']);

/** What a route's work answers: the HTTP status and body, and what it needs after commit. */
export type WorkAnswer<T, B = unknown> = { status?: number; body: B; value?: T };

/**
 * The body a typed route's reply takes: the wire type of its `response` schemas (see
 * `ValibotTypeProvider`), so a write's answer is checked against its view as a read's is.
 */
export type ReplyBody<R extends FastifyReply> = Parameters<R['send']>[0];

export type Outcome<T> = {
  /** True when this is a repeat answered from the store: no work was done now. */
  replayed: boolean;
  status: number;
  body: unknown;
  /** The work's `value` (undefined on a replay). */
  value: T | undefined;
  /** Sends the answer. */
  send: (reply: FastifyReply) => FastifyReply;
  /**
   * Forgets the stored answer, so a retry with the same key does the work again: for
   * work undone after commit (a B2C that M-Pesa refused, reversed).
   */
  release: () => Promise<void>;
};

function fingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.routeOptions.url ?? request.url}\n`);
  hash.update(JSON.stringify(request.params ?? {}));
  if (request.isMultipart()) {
    // Multipart bodies are streamed to the handler; readMultipart digests what it read.
    if (request.multipartDigest === null)
      throw new Error('runIdempotent on a multipart request before readMultipart');
    hash.update(`\nmultipart ${request.multipartDigest}`);
  } else {
    hash.update(`\n${JSON.stringify(request.body ?? null)}`);
  }
  return hash.digest('hex');
}

/** Only 2xx answers are stored: a refusal did nothing, so a retry may succeed. */
const storable = (status: number) => status >= 200 && status < 300;

/**
 * Runs a write in one transaction with its Idempotency-Key (when the request has one):
 * claim, work and stored answer commit together; a repeat gets the stored answer.
 */
export async function runIdempotent<T = undefined, R extends FastifyReply = FastifyReply>(
  db: Db,
  request: FastifyRequest,
  /** The reply the outcome will be sent on: the work's body is checked against its schemas. */
  _reply: R,
  work: (tx: Tx) => Promise<WorkAnswer<T, ReplyBody<R>>>,
): Promise<Outcome<T>> {
  request.idempotencyHandled = true;
  const key = request.idempotencyKey;
  const userId = request.user?.id;
  if (key === null || userId === undefined) {
    const answer = await db.transaction((tx) => work(tx));
    return outcome(false, answer.status ?? 200, answer.body, answer.value, async () => undefined);
  }
  const hash = fingerprint(request);
  const release = (id: number) => async () => {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
  };
  // A stored answer released between our insert and our read (a refused B2C) is retried.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!claimed) {
        const [row] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (!row) return null;
        if (row.requestHash !== hash) throw new HttpError(422, KEY_REUSED);
        if (row.statusCode === null) throw new HttpError(409, STILL_RUNNING);
        return outcome<T>(true, row.statusCode, row.body, undefined, async () => undefined);
      }
      const answer = await work(tx);
      const status = answer.status ?? 200;
      // Stored as JSON: what a repeat gets is what the first caller got on the wire.
      const body: unknown =
        answer.body === undefined ? null : JSON.parse(JSON.stringify(answer.body));
      if (storable(status)) {
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: status, body })
          .where(eq(idempotencyKeys.id, claimed.id));
      } else {
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
      }
      failpoint('keyed-before-commit');
      return outcome(false, status, answer.body, answer.value, release(claimed.id));
    });
    if (result && !result.replayed) failpoint('keyed-after-commit');
    if (result) return result;
  }
  throw new HttpError(409, STILL_RUNNING);
}

function outcome<T>(
  replayed: boolean,
  status: number,
  body: unknown,
  value: T | undefined,
  release: () => Promise<void>,
): Outcome<T> {
  return {
    replayed,
    status,
    body,
    value,
    release,
    send: (reply) => {
      reply.code(status);
      if (!replayed) return reply.send(body);
      return reply
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body));
    },
  };
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    const { db } = options;
    app.decorateRequest('idempotencyKey', null);
    app.decorateRequest('multipartDigest', null);
    app.decorateRequest('idempotencyHandled', false);

    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (!methods.has(request.method) || header === undefined || !request.user) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, BAD_KEY);
      request.idempotencyKey = key;
      // A repeat of a finished JSON request is answered at once. (A multipart one is
      // known only once its body is read, and a route that declares answersRepeatsInWork
      // answers it in its work: runIdempotent answers those.)
      if (request.isMultipart() || request.routeOptions.config.answersRepeatsInWork) return;
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key)));
      if (!row || row.statusCode === null) return;
      if (row.requestHash !== fingerprint(request)) throw new HttpError(422, KEY_REUSED);
      request.idempotencyHandled = true;
      return outcome(true, row.statusCode, row.body, undefined, async () => undefined).send(reply);
    });

    // A keyed write that did not go through runIdempotent still gets its answer kept,
    // so a repeat is answered; it is logged, since such a route is not crash-safe.
    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (key === null || request.idempotencyHandled || !request.user) return payload;
      if (!storable(reply.statusCode) || typeof payload !== 'string') return payload;
      request.log.warn(
        { route: request.routeOptions.url },
        'keyed write answered outside runIdempotent',
      );
      let body: unknown = null;
      try {
        body = payload ? JSON.parse(payload) : null;
      } catch {
        body = null;
      }
      await db
        .insert(idempotencyKeys)
        .values({
          userId: request.user.id,
          key,
          requestHash: fingerprint(request),
          statusCode: reply.statusCode,
          body,
        })
        .onConflictDoNothing();
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);

/** runIdempotent for a write with nothing to do after commit: runs it and sends the answer. */
export async function respondOnce<R extends FastifyReply>(
  db: Db,
  request: FastifyRequest,
  reply: R,
  work: (tx: Tx) => Promise<WorkAnswer<undefined, ReplyBody<R>>>,
): Promise<FastifyReply> {
  return (await runIdempotent(db, request, reply, work)).send(reply);
}
