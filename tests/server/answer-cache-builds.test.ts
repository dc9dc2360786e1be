/**
 * The answer cache's shared builds (server/plugins/answer-cache.ts), on a Fastify instance
 * with only the wire-bytes plugin and one route whose handler the test holds and releases:
 * reads waiting for a build get its answer, and when the build keeps nothing (its handler
 * failed) each waiting read builds its own instead of hanging or sharing the failure.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAnswerCache } from '../../server/plugins/answer-cache';
import { wireBytesPlugin } from '../../server/plugins/wire-bytes';

let app: FastifyInstance;
let origin: string;
let built = 0;
/** The next build's handler waits for this, then answers 500 if `fail` is set. */
let gate: { release: () => void; wait: Promise<void>; fail: boolean } | null = null;

function hold(fail: boolean) {
  let release = () => undefined as void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  gate = { release, wait, fail };
  return gate;
}

beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // What the auth plugin sets: one agent, and the version of its data.
    request.user = {
      id: 7,
      email: 'agent@example.test',
      role: 'agent',
      status: 'active',
      sessionId: 's',
      answerVersion: String(request.headers['x-version'] ?? '1'),
      factor: { enrolled: false, verifiedAt: null },
    };
  });
  await app.register(wireBytesPlugin, { answers: createAnswerCache(() => new Date()) });
  app.get('/list', { config: { answerCache: true } }, async (_request, reply) => {
    const held = gate;
    gate = null;
    if (held) await held.wait;
    built += 1;
    if (held?.fail) return reply.code(500).send({ message: 'The database went away.' });
    return { built, rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await app.close();
});

const read = (version: string, encoding = 'br') =>
  fetch(`${origin}/list`, { headers: { 'x-version': version, 'accept-encoding': encoding } }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
  );

/** Waits until the server has taken `count` requests in (they are then waiting or building). */
async function arrived(count: number) {
  for (let i = 0; i < 200; i += 1) {
    const open = await new Promise<number>((resolve, reject) =>
      app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    if (open >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`only some of ${count} requests arrived`);
}

it('reads that arrive while an answer is built get that answer, built once', async () => {
  built = 0;
  const held = hold(false);
  const reads = Array.from({ length: 6 }, (_, i) => read('v1', i % 2 ? 'gzip' : 'br'));
  await arrived(6);
  held.release();
  const answers = await Promise.all(reads);
  expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
  expect(answers.map((a) => (a.body as { built: number }).built)).toEqual(Array(6).fill(1));
  expect(built).toBe(1);
});

it('when the build fails, the reads waiting for it build their own answer', async () => {
  built = 0;
  const held = hold(true);
  const reads = Array.from({ length: 4 }, () => read('v2'));
  await arrived(4);
  held.release();
  const answers = await Promise.all(reads);
  // One read got the failure it built; the others were not handed it, and did not hang.
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 500]);
  expect(built).toBeGreaterThanOrEqual(2);
  expect(
    answers
      .filter((a) => a.status === 200)
      .every((a) => (a.body as { rows: unknown[] }).rows.length === 200),
  ).toBe(true);
});

it('a read at a newer version does not wait for an older build', async () => {
  built = 0;
  const held = hold(false);
  const older = read('v3');
  await arrived(1);
  const newer = await read('v4');
  expect(newer.status).toBe(200);
  expect((newer.body as { built: number }).built).toBe(1);
  held.release();
  expect((await older).status).toBe(200);
  expect(built).toBe(2);
});
