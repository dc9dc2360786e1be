/**
 * Serves the built PWA. The public pages are prerendered (`/` is index.html, the logins
 * and the rest are in src/lib/prerendered-pages.ts); any other non-API path gets the app
 * shell, whose script draws the route (SPA routes). Static files carry their caching
 * headers: hashed assets are immutable, the pages, the manifest and the service worker are
 * checked again on every use. Anything else (an API path no route took, a missing file, a
 * method other than GET or HEAD) answers 404 { statusCode, message }.
 *
 * Registered on the root instance (fastify-plugin), so its not-found handler answers for
 * every path no route took, API paths included.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { prerenderedFor, prerenderedPages, shellFile } from '../../src/lib/prerendered-pages';
import type { Config } from '../config';

const NOT_FOUND = 'Not found.';

export const clientPlugin = fp(async (app, options: { config: Config; dist: string }) => {
  const { config, dist } = options;
  const serve = config.serveClient && existsSync(path.join(dist, 'index.html'));
  if (serve) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: 'index.html',
      // The build writes .br and .gz beside each text file; phones on slow data get those.
      preCompressed: true,
      // Source maps are built for our own debugging (hidden: no file names them), never served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        // index.html.br is index.html: the pre-compressed twin gets the same caching.
        const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (
          name === 'service-worker.js' ||
          name.endsWith('.html') ||
          name.endsWith('.webmanifest')
        ) {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  // A prerendered public page is its own file; every other route opens the app shell. A
  // build without them (an older dist/) has index.html as its shell.
  const built = new Set(
    [shellFile, ...prerenderedPages.map((page) => page.file)].filter((file) =>
      existsSync(path.join(dist, file)),
    ),
  );
  const shell = built.has(shellFile) ? shellFile : 'index.html';
  const pageFor = (url: string) => {
    const page = prerenderedFor(url);
    return page && built.has(page) ? page : shell;
  };
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === config.apiPrefix || url.startsWith(`${config.apiPrefix}/`);
    // No app route has a dot in its last segment: a missing file (a source map) is a 404.
    const isFile = /\/[^/]+\.[A-Za-z0-9]+$/.test(url);
    if (!isApi && !isFile && serve && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile(pageFor(url), dist);
    }
    return reply.code(404).send({ statusCode: 404, message: NOT_FOUND });
  });
});
