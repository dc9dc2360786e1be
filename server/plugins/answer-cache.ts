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
  /** The body compressed, once a client asked for it in that encoding. */
  encoded: Map<Encoding, Buffer | 'compressing'>;
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

/** Compresses a kept answer's body for the next hits, once per encoding. */
function compressKept(answer: Kept, encoding: Encoding): void {
  answer.encoded.set(encoding, 'compressing');
  compress(answer.body, encoding).then(
    (bytes) => answer.encoded.set(encoding, bytes),
    () => answer.encoded.delete(encoding),
  );
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

export type AnswerCache = {
  /** preHandler: answers from memory when it can, else notes the version to keep with. */
  answerKept: preHandlerHookHandler;
  /** Keeps a plain answer just built, with its tag (wire-bytes calls it before compression). */
  keep: (request: FastifyRequest, reply: FastifyReply, body: string, etag: string) => void;
};

export function createAnswerCache(now: () => Date): AnswerCache {
  const kept = new LRUCache<string, Kept>({
    maxSize: MAX_BYTES,
    // Compressed forms are added later, and are a fraction of the body: room for them.
    sizeCalculation: (answer) => 2 * answer.body.length + answer.version.length + 200,
  });
  return {
    answerKept(request, reply, done) {
      if (!request.routeOptions.config.answerCache || request.method !== 'GET') return done();
      const key = keyOf(request);
      // The auth plugin read the version with the session (on every route marked answerCache).
      const version = request.user?.answerVersion ?? null;
      if (key === null || version === null) return done();
      const route = request.routeOptions.url ?? '';
      const answer = kept.get(key);
      const age = now().getTime() - (answer?.builtAt ?? 0);
      if (!answer || answer.version !== version || age < 0 || age >= KEEP_MS) {
        answerCacheReads.inc({ route, outcome: 'miss' });
        request.answerVersion = version;
        return done();
      }
      // Answered here: `done` is not called, so the handler does not run. (An async hook
      // cannot say so: Fastify runs the handler unless the reply has already gone out,
      // which the onSend hooks delay.)
      answerCacheReads.inc({ route, outcome: 'hit' });
      void reply.header('ETag', answer.etag).type(answer.contentType);
      if (answer.total !== undefined) void reply.header('X-Total-Count', answer.total);
      if (matches(request.headers['if-none-match'], answer.etag)) {
        void reply.code(304).send('');
        return;
      }
      const encoding =
        answer.body.length >= COMPRESS_FROM_BYTES
          ? acceptedEncoding(request.headers['accept-encoding'])
          : null;
      const encoded = encoding === null ? undefined : answer.encoded.get(encoding);
      if (encoding === null || !Buffer.isBuffer(encoded)) {
        // Sent plain (wire-bytes compresses it this time); compressed once for the next.
        if (encoding !== null && encoded === undefined) compressKept(answer, encoding);
        void reply.send(answer.body);
        return;
      }
      void reply.header('Content-Encoding', encoding).header('Vary', 'accept-encoding');
      void reply.send(encoded);
    },
    keep(request, reply, body, etag) {
      const key = keyOf(request);
      if (key === null || request.answerVersion === null) return;
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
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding !== null && body.length >= COMPRESS_FROM_BYTES) compressKept(answer, encoding);
    },
  };
}
