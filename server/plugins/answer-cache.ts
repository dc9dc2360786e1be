/**
 * The answer cache: the agent's hot reads (the lists its phone mirrors) answered from memory
 * while the data under them has not changed, instead of being read, mapped, serialised and
 * hashed again on every refresh (a busy business's borrower list is about 1 MB of JSON).
 *
 * How it stays right:
 * - Every write to a business's data raises that business's counter in `answer_versions`,
 *   in the writing transaction, by triggers (migration 0021): whatever writes (a route, a
 *   job, an M-Pesa callback, a script), on whichever instance.
 * - A route with `config: { answerCache: true }` first reads the counters of the caller's
 *   businesses (the "version"), then builds its answer. An answer is kept with the version
 *   read before it was built, so it is never older than its version: a write that commits
 *   in between only makes the answer newer than its key, and the next request, seeing the
 *   raised counter, builds afresh.
 * - An answer is kept per user and exact URL, and only after the route's own checks let
 *   that user read it; a change of the user's assignments or account is a write that
 *   raises the counters, and authentication runs on every request before the cache.
 * - Answers that depend on the time (a loan's days overdue) are kept at most a minute, on
 *   the app's clock (tests move it).
 *
 * Only agents' and lenders' reads are kept (administrators' span every business). The
 * compressed bytes are kept too (brotli, gzip: compressed once, on libuv's threads, the
 * first time a client asks for that encoding), so a hit costs neither serialising nor
 * compressing. Memory is bounded by
 * lru-cache's total size.
 */
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  constants,
  gzip as gzipCallback,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { answerCacheReads } from '../lib/metrics';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES, matches } from './wire-bytes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The GET's answers are kept in the answer cache (server/plugins/answer-cache.ts). */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    /** The version read before this request's answer was built, when it may be kept. */
    answerVersion: string | null;
  }
}

/** How long an answer may be kept, for what in it depends on the time. */
const KEEP_MS = 60_000;
/** The memory all kept answers may take, counted as their UTF-16 length. */
const MAX_BYTES = 64 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

type Kept = {
  version: string;
  builtAt: number;
  body: string;
  etag: string;
  contentType: string;
  total: string | undefined;
  /**
   * The body compressed, once a client asked for it in that encoding (null: compressing
   * failed, so it goes plain and wire-bytes compresses it).
   */
  encoded: Map<Encoding, Promise<Buffer | null>>;
};

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

/** Compresses as wire-bytes' compression does, on libuv's threads (the body may be 1 MB). */
function compress(body: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliCompress(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : gzip(body);
}

/**
 * A kept answer's body in an encoding: compressed once, by the request that built it or the
 * first that asked, and shared by every request after (and those waiting meanwhile).
 */
function encodedBody(answer: Kept, encoding: Encoding): Promise<Buffer | null> {
  let bytes = answer.encoded.get(encoding);
  if (!bytes) {
    bytes = compress(answer.body, encoding).catch(() => null);
    answer.encoded.set(encoding, bytes);
  }
  return bytes;
}

/** The encoding a kept answer goes in to this request, or null for plain. */
function encodingFor(answer: Kept, request: FastifyRequest): Encoding | null {
  return answer.body.length >= COMPRESS_FROM_BYTES
    ? acceptedEncoding(request.headers['accept-encoding'])
    : null;
}

/**
 * The encoding an Accept-Encoding header takes, brotli before gzip as wire-bytes prefers
 * them; null for none (or `identity` only).
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? weights.get('*');
    if (weight !== undefined && weight > 0) return encoding;
  }
  return null;
}

/**
 * The counters of every business the user reads (an agent's assigned businesses, a
 * lender's own), with row 0 for the shared lists, as one text: an SQL expression on the
 * user's id (the auth plugin reads it with the session, in the same round trip).
 */
export function answerVersionOf(userId: SQLWrapper | number): SQL<string> {
  return sql<string>`(
    select coalesce(string_agg(b.id || ':' || coalesce(v.version, 0), ',' order by b.id), '')
    from (
      select 0::bigint as id
      union all select lender_business_id from agent_businesses where agent_id = ${userId}
      union all select id from lender_businesses where lender_id = ${userId}
    ) b
    left join answer_versions v on v.lender_business_id = b.id)`;
}

function keyOf(request: FastifyRequest): string | null {
  const user = request.user;
  if (!user || (user.role !== 'agent' && user.role !== 'lender')) return null;
  return `${user.id} ${request.url}`;
}

/** Sends a kept answer: 304 to a client that holds it, else its bytes in the encoding asked. */
function send(answer: Kept, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('ETag', answer.etag).type(answer.contentType);
  if (answer.total !== undefined) void reply.header('X-Total-Count', answer.total);
  if (matches(request.headers['if-none-match'], answer.etag)) {
    void reply.code(304).send('');
    return;
  }
  const encoding = encodingFor(answer, request);
  if (encoding === null) {
    void reply.send(answer.body);
    return;
  }
  void encodedBody(answer, encoding).then((bytes) => {
    if (bytes === null) return reply.send(answer.body);
    return reply.header('Content-Encoding', encoding).header('Vary', 'accept-encoding').send(bytes);
  });
}

export type AnswerCache = {
  /** preHandler: answers from memory when it can, else notes the version to keep with. */
  answerKept: preHandlerHookHandler;
  /**
   * Keeps a plain answer just built, with its tag (wire-bytes calls it before compression),
   * and hands the waiting requests their answer. Returns the answer's body in the encoding
   * this request takes, when kept and worth compressing (then wire-bytes sends it as it is).
   */
  keep: (
    request: FastifyRequest,
    reply: FastifyReply,
    body: string,
    etag: string,
  ) => Promise<{ encoding: Encoding; bytes: Buffer } | null>;
};

export function createAnswerCache(now: () => Date): AnswerCache {
  const kept = new LRUCache<string, Kept>({
    maxSize: MAX_BYTES,
    // Compressed forms are added later, and are a fraction of the body: room for them.
    sizeCalculation: (answer) => 2 * answer.body.length + answer.version.length + 200,
  });
  /**
   * Answers being built, per key and version: the request building it and the requests
   * waiting for it.
   */
  const building = new Map<
    string,
    { builder: FastifyRequest; waiters: ((built: Kept | null) => void)[] }
  >();
  const buildingKey = (key: string, version: string) => `${key} ${version}`;
  const buildingKeyOf = (request: FastifyRequest) => {
    const key = keyOf(request);
    return key === null || request.answerVersion === null
      ? null
      : buildingKey(key, request.answerVersion);
  };
  const isFresh = (answer: Kept) => {
    const age = now().getTime() - answer.builtAt;
    return age >= 0 && age < KEEP_MS;
  };
  /**
   * Once the builder's answer is out: if it did not keep an answer (an error, a refusal, a
   * client gone), each waiter builds its own.
   */
  const settle = (request: FastifyRequest) => {
    const key = buildingKeyOf(request);
    const pending = key === null ? undefined : building.get(key);
    if (!pending || pending.builder !== request) return;
    building.delete(key!);
    for (const waiter of pending.waiters) waiter(null);
  };
  /** Lets the handler build the answer, noting the version to keep it with. */
  const miss = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    version: string,
    key: string,
    done: () => void,
  ) => {
    answerCacheReads.inc({ route, outcome: 'miss' });
    request.answerVersion = version;
    const built = buildingKey(key, version);
    if (!building.has(built)) {
      building.set(built, { builder: request, waiters: [] });
      // 'close' comes after the answer is sent, and also when the client goes first.
      reply.raw.once('close', () => settle(request));
    }
    done();
  };
  return {
    answerKept(request, reply, done) {
      if (!request.routeOptions.config.answerCache || request.method !== 'GET') return done();
      const key = keyOf(request);
      // The auth plugin read the version with the session (on every route marked answerCache).
      const version = request.user?.answerVersion ?? null;
      if (key === null || version === null) return done();
      const route = request.routeOptions.url ?? '';
      const answer = kept.get(key);
      // Answered here, `done` is not called, so the handler does not run. (An async hook
      // cannot say so: Fastify runs the handler unless the reply has already gone out,
      // which the onSend hooks delay.)
      if (answer && answer.version === version && isFresh(answer)) {
        answerCacheReads.inc({ route, outcome: 'hit' });
        send(answer, request, reply);
        return;
      }
      // Another request of this user is building this answer at this version: wait for it
      // rather than build it again (under a stream of writes each version lives briefly, and
      // every waiting read would otherwise build the same answer at once).
      const pending = building.get(buildingKey(key, version));
      if (pending) {
        pending.waiters.push((built) => {
          if (built === null) return miss(request, reply, route, version, key, done);
          answerCacheReads.inc({ route, outcome: 'shared' });
          send(built, request, reply);
        });
        return;
      }
      miss(request, reply, route, version, key, done);
    },
    async keep(request, reply, body, etag) {
      const key = keyOf(request);
      if (key === null || request.answerVersion === null) return null;
      const total = reply.getHeader('x-total-count');
      const answer: Kept = {
        version: request.answerVersion,
        builtAt: now().getTime(),
        body,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        total: total === undefined ? undefined : String(total),
        encoded: new Map(),
      };
      kept.set(key, answer);
      const built = buildingKey(key, answer.version);
      const pending = building.get(built);
      if (pending?.builder === request) {
        building.delete(built);
        for (const waiter of pending.waiters) waiter(answer);
      }
      if (matches(request.headers['if-none-match'], etag)) return null;
      const encoding = encodingFor(answer, request);
      const bytes = encoding === null ? null : await encodedBody(answer, encoding);
      return encoding === null || bytes === null ? null : { encoding, bytes };
    },
  };
}
