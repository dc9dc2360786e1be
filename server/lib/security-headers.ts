/**
 * What the browser is told it may do (docs/architecture.md §3), on every answer: a
 * Content-Security-Policy that lets the PWA, its service worker and Swagger UI run and
 * nothing else, no framing, nosniff, no Referer, and no caching of API data.
 *
 * The policy is what the app truly needs: scripts only from this origin, and the two
 * inline scripts of the built pages by their hashes (src/app/inline-scripts.ts; the
 * service worker is a file); inline styles, because Mantine writes
 * <style> tags and style attributes at run time; images from this origin, data: (icons
 * in CSS), blob: (photo thumbnails before upload) and wherever document links point
 * (PUBLIC_URL for local files, S3_ENDPOINT's origin for presigned S3 links); requests to
 * this origin and, when VITE_API_BASE_URL is absolute, to the API's origin.
 */
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inlineScripts } from '../../src/app/inline-scripts';
import { inputText } from '../../src/i18n/input';
import type { Config } from '../config';

const SELF = "'self'";
/** The built pages' inline scripts, allowed by their hashes and nothing else inline. */
const INLINE_SCRIPTS = inlineScripts.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The CSP directives, in helmet's form; `config.publicUrl` is read per request (tests set it after listen). */
export function contentSecurityPolicy(config: Config) {
  const s3Origin = originOf(config.s3?.endpoint);
  const apiOrigin = originOf(config.clientApiBaseUrl);
  const publicOrigin = () => originOf(config.publicUrl) ?? SELF;
  return {
    defaultSrc: [SELF],
    scriptSrc: [SELF, ...INLINE_SCRIPTS],
    scriptSrcAttr: ["'none'"],
    styleSrc: [SELF, "'unsafe-inline'"],
    imgSrc: [SELF, 'data:', 'blob:', publicOrigin, ...(s3Origin ? [s3Origin] : [])],
    fontSrc: [SELF, 'data:'],
    connectSrc: [SELF, ...(apiOrigin ? [apiOrigin] : [])],
    workerSrc: [SELF],
    manifestSrc: [SELF],
    objectSrc: ["'none'"],
    baseUri: [SELF],
    formAction: [SELF],
    frameAncestors: ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Headers for the answers Fastify gives before routing (an address it cannot decode, a
 * path parameter too long), where no hook runs: a JSON sentence needs no permission.
 */
const BEFORE_ROUTING_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

/** Fastify's frameworkErrors: the sentence and the headers every other answer has. */
export function answerBeforeRouting(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = statusCode === 414 ? inputText.addressTooLong : inputText.badAddress;
  void reply.code(statusCode).headers(BEFORE_ROUTING_HEADERS).send({ statusCode, message });
}

/** Registers helmet for every route and the no-store rule for API answers. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https:');
  // helmet's middleware, built once. (@fastify/helmet builds it again for every request,
  // parsing the CSP's directives each time: about a twelfth of a kept read's cost.) The
  // directives that are functions are still read per request.
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Document links may be opened from the app on a sibling subdomain (an API origin).
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Only meaningful over HTTPS; a plain-HTTP local server must not claim it.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // API answers carry people's data: never kept by the browser or a proxy. A route that
  // chose its own caching (a document's short private cache, Swagger UI's files) keeps it.
  const apiPath = `${config.apiPrefix}/`;
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isApi = path === config.apiPrefix || path.startsWith(apiPath);
    if (isApi && !reply.hasHeader('cache-control')) {
      void reply.header('Cache-Control', 'no-store');
    }
    if (isApi && /^application\/json/.test(String(reply.getHeader('content-type') ?? ''))) {
      answerAsData(reply);
    }
  });
}

/**
 * A JSON answer is never a document: it gets the API's CSP (nothing may load, nothing may
 * frame it) instead of the page's, and none of the headers only a document reads. Each
 * answer is about 500 bytes lighter, which on a phone's refresh of ten 304s is most of it.
 */
function answerAsData(reply: FastifyReply) {
  void reply.header('Content-Security-Policy', BEFORE_ROUTING_HEADERS['Content-Security-Policy']);
  for (const header of DOCUMENT_ONLY_HEADERS) void reply.removeHeader(header);
}

/** Helmet's headers that only a browsing context (a page) reads. */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
