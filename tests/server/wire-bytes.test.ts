/**
 * Bytes on the wire (server/plugins/wire-bytes.ts): API answers of 1 KB or more go
 * compressed, brotli first, then gzip; every successful GET carries a weak ETag and a
 * matching If-None-Match gets 304 with no body; writes and errors never do. Read with
 * node:http, which shows the bytes as sent (fetch would decompress them).
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  approvedLender,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { entityTag, matches } from '../../server/plugins/wire-bytes';
import { call, startTestServer, type TestServer } from '../support/test-server';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function raw(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.api}${path}`);
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let server: TestServer;
let lender: Lender;
let agent: Agent;
let listPath: string;

beforeAll(async () => {
  server = await startTestServer();
  lender = await approvedLender(server, 'Wire');
  agent = await activeAgent(server, lender);
  // Enough borrowers for a list well over 1 KB.
  for (let i = 0; i < 8; i += 1) {
    await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  }
  listPath = `/borrower/by-business/${lender.businessId}`;
});

afterAll(async () => {
  await server?.close();
});

describe('compression', () => {
  it('sends a list of 1 KB or more in brotli when the client takes it, else gzip, else plain', async () => {
    const auth = { authorization: `Bearer ${agent.token}` };
    const plain = await raw(server, 'GET', listPath, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(json.length).toBe(8);

    const br = await raw(server, 'GET', listPath, {
      ...auth,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gzip = await raw(server, 'GET', listPath, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
  });

  it('sends a small answer as it is', async () => {
    const health = await raw(server, 'GET', '/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('ETag and 304', () => {
  it('answers 304 with no body to the tag it gave, whatever the encoding, until the list changes', async () => {
    const auth = { authorization: `Bearer ${agent.token}` };
    const first = await raw(server, 'GET', listPath, { ...auth, 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    const again = await raw(server, 'GET', listPath, { ...auth, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The tag is the plain body's: the gzip and the plain answers carry the same one.
    const gzip = await raw(server, 'GET', listPath, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).toBe(etag);
    const listed = await raw(server, 'GET', listPath, {
      ...auth,
      'if-none-match': `"other", ${etag.replace(/^W\//, '')}`,
    });
    expect(listed.status).toBe(304);

    await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const changed = await raw(server, 'GET', listPath, { ...auth, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((JSON.parse(changed.body.toString('utf8')) as unknown[]).length).toBe(9);
  });

  it('tags a paged list with its total: the same rows under another total are another answer', () => {
    const rows = JSON.stringify([{ id: 1 }, { id: 2 }]);
    expect(entityTag(rows, '2')).toBe(entityTag(rows, '2'));
    expect(entityTag(rows, '2')).not.toBe(entityTag(rows, '3'));
    expect(entityTag(rows)).not.toBe(entityTag(rows, '2'));
    const tag = entityTag(rows);
    expect(matches(tag, tag)).toBe(true);
    expect(matches(tag.replace(/^W\//, ''), tag)).toBe(true);
    expect(matches(`W/"x", ${tag}`, tag)).toBe(true);
    expect(matches('*', tag)).toBe(true);
    expect(matches('W/"x"', tag)).toBe(false);
    expect(matches(undefined, tag)).toBe(false);
  });

  it('never tags a write, an error or an answer to someone refused', async () => {
    const auth = { authorization: `Bearer ${agent.token}` };
    const missing = await raw(server, 'GET', '/borrower/999999', auth);
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const refused = await raw(server, 'GET', listPath);
    expect(refused.status).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
    const written = await call(
      server,
      'POST',
      '/follow-up',
      { loanId: 999999, comment: 'x' },
      agent.token,
    );
    expect(written.headers.get('etag')).toBeNull();
    // A conditional write is done, never answered 304.
    const health = await raw(server, 'GET', '/health');
    const conditional = await raw(server, 'POST', '/auth/logout', {
      'if-none-match': String(health.headers.etag ?? '*'),
    });
    expect(conditional.status).not.toBe(304);
  });
});
