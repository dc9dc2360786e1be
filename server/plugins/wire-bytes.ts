/**
 * Bytes on the wire, for phones on prepaid mobile data: every API answer of 1 KB or more
 * goes compressed (brotli when the client takes it, else gzip), and every successful GET
 * carries a weak ETag, so a client that already holds the answer (the agent's mirrors
 * send If-None-Match) gets 304 and no body.
 *
 * The ETag is the hash of the body before compression, with the X-Total-Count a paged
 * list reports (the same rows under another total are another answer). It is weak
 * because the bytes sent differ by encoding. @fastify/etag is not used: it tags every
 * method and status, and a POST's or an error's answer must never turn into a 304.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AnswerCache } from './answer-cache';

/** Below this an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's quality 11 (its default) costs seconds per megabyte. 5 costs about 1.4 times
 * what 4 does (about 60 ms for a megabyte of JSON, here) and sends about 11% fewer bytes;
 * 6 and up cost more for little less.
 */
export const BROTLI_QUALITY = 5;

export function entityTag(body: string | Buffer, total?: string): string {
  const hash = createHash('sha1').update(body);
  if (total !== undefined) hash.update(`\n${total}`);
  return `W/"${hash.digest('base64url')}"`;
}

/** If-None-Match holds this tag (weak comparison: W/ does not count), or is `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

async function tagAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  answers?: AnswerCache,
) {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!read || reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const total = reply.getHeader('x-total-count');
  const etag = entityTag(payload, total === undefined ? undefined : String(total));
  void reply.header('ETag', etag);
  const kept =
    typeof payload === 'string' ? await answers?.keep(request, reply, payload, etag) : null;
  if (matches(request.headers['if-none-match'], etag)) {
    void reply.code(304);
    return '';
  }
  if (!kept) return payload;
  // Compressed once for this answer and every later request for it: compression skips it.
  void reply.header('Content-Encoding', kept.encoding).header('Vary', 'accept-encoding');
  return kept.bytes;
}

export const wireBytesPlugin = fp<{ answers?: AnswerCache }>(async (app, { answers }) => {
  app.decorateRequest('answerVersion', null);
  if (answers) app.addHook('preHandler', answers.answerKept);
  // Added before compression registers its own hook: the tag is taken from the plain body.
  app.addHook('onSend', async (request, reply, payload) =>
    tagAnswer(request, reply, payload, answers),
  );
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
});
