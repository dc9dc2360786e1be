/**
 * A small S3-compatible store for the local cluster (`npm run cluster`): path-style
 * PUT, GET, HEAD and DELETE of objects under one folder, with their content type. It
 * checks no signature: it stands in for S3 on one machine, never in production.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const NO_SUCH_KEY =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';

/** Serves the objects kept in `folder`; answers once it listens, with its address. */
export async function startS3StandIn(
  folder: string,
  port = 0,
): Promise<{ url: string; server: Server }> {
  mkdirSync(folder, { recursive: true });
  const fileOf = (pathname: string) => {
    // /bucket/key… → folder/<sha of the path>: any key is a safe file name.
    const name = createHash('sha256').update(decodeURIComponent(pathname)).digest('hex');
    return path.join(folder, name);
  };
  const server = createServer((request, response) => {
    void (async () => {
      const { pathname } = new URL(request.url ?? '/', 'http://s3');
      const file = fileOf(pathname);
      const isBucket = pathname.split('/').filter(Boolean).length === 1;
      if (request.method === 'HEAD' && isBucket) return response.writeHead(200).end();
      if (request.method === 'PUT') {
        const body = await bodyOf(request);
        await mkdir(folder, { recursive: true });
        await writeFile(file, body);
        await writeFile(
          `${file}.type`,
          request.headers['content-type'] ?? 'application/octet-stream',
        );
        return response
          .writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` })
          .end();
      }
      if (request.method === 'GET' || request.method === 'HEAD') {
        try {
          const [body, type, info] = await Promise.all([
            readFile(file),
            readFile(`${file}.type`, 'utf8'),
            stat(file),
          ]);
          response.writeHead(200, { 'content-type': type, 'content-length': info.size });
          return response.end(request.method === 'GET' ? body : undefined);
        } catch {
          return response.writeHead(404, { 'content-type': 'application/xml' }).end(NO_SUCH_KEY);
        }
      }
      if (request.method === 'DELETE') {
        await rm(file, { force: true });
        await rm(`${file}.type`, { force: true });
        return response.writeHead(204).end();
      }
      response.writeHead(405).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { url: `http://127.0.0.1:${actual}`, server };
}
