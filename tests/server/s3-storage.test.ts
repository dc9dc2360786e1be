/**
 * The S3-compatible storage adapter against a local S3 stand-in over real HTTP: objects
 * are put, read and removed path-style with SigV4-signed requests, and document links
 * are presigned GETs that expire after 15 minutes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../server/storage/s3-storage';
import { SIGNED_URL_TTL_SECONDS } from '../../server/storage/storage';

type Seen = { method: string; url: string; authorization: string | undefined };

let peer: Server;
let endpoint: string;
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: Seen[] = [];

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

beforeAll(async () => {
  peer = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://peer');
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
      });
      const key = decodeURIComponent(url.pathname);
      if (request.method === 'PUT') {
        objects.set(key, {
          body: await bodyOf(request),
          type: String(request.headers['content-type'] ?? ''),
        });
        response.writeHead(200, { ETag: '"etag"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');
          return;
        }
        response
          .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
          .end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    })();
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => peer.close(resolve));
});

describe('the S3 storage adapter', () => {
  const storage = () =>
    s3Storage({
      endpoint,
      bucket: 'mkopo-documents',
      accessKey: 'test-access-key',
      secretKey: 'test-secret-key',
      region: 'af-south-1',
    });

  it('puts, reads and removes objects path-style, signed with SigV4', async () => {
    const bytes = Buffer.from('%PDF-1.4 a loan agreement');
    await storage().put('borrowers/7/agreement.pdf', bytes, 'application/pdf');
    const put = seen.find((request) => request.method === 'PUT');
    expect(put?.url).toMatch(/^\/mkopo-documents\/borrowers\/7\/agreement\.pdf/);
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/af-south-1\/s3\/aws4_request/,
    );
    expect(objects.get('/mkopo-documents/borrowers/7/agreement.pdf')?.type).toBe('application/pdf');

    const read = await storage().get('borrowers/7/agreement.pdf');
    expect(read?.toString()).toBe('%PDF-1.4 a loan agreement');
    expect(await storage().get('borrowers/7/missing.pdf')).toBeNull();

    await storage().remove('borrowers/7/agreement.pdf');
    expect(objects.has('/mkopo-documents/borrowers/7/agreement.pdf')).toBe(false);
  });

  it('links to a document with a presigned GET that expires in 15 minutes', async () => {
    await storage().put('lenders/3/passport.png', Buffer.from('png'), 'image/png');
    const link = new URL(
      await storage().signedUrl('lenders/3/passport.png', SIGNED_URL_TTL_SECONDS),
    );
    expect(link.origin).toBe(endpoint);
    expect(link.pathname).toBe('/mkopo-documents/lenders/3/passport.png');
    expect(link.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(link.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The link works on its own, without credentials.
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('png');
  });
});
