/**
 * Links to uploaded documents (GET /auth/lender/presigned-url): a link that expires in
 * 15 minutes, given only to someone allowed to see the document — its owner, an
 * administrator, or for business documents the business's lender.
 */
import { errorAnswers } from '../../lib/openapi';
import * as v from 'valibot';
import { ACCEPTED_UPLOAD_TYPES, DOCUMENT_NOT_FOUND } from '../../../src/domain/documents';
import { roles } from '../../../src/domain/roles';
import { forbidden, notFound } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { LocalStorage } from '../../storage/local-storage';
import { SIGNED_URL_TTL_SECONDS } from '../../storage/storage';
import type { RoutesPlugin } from '../deps';
import { documentByKey, mayRead } from './service';
import { contract } from '../../lib/contract';

const LINK_EXPIRED = 'This link has expired or is not valid. Open the document again.';

/** A stored file's key: the path after /files/. */
const fileParamsSchema = v.object({ '*': v.string(DOCUMENT_NOT_FOUND) });

/**
 * A local signed link's expiry and signature (LocalStorage.signedUrl): one missing or not
 * text is read as empty, so the link is refused as expired (403), not as a bad request.
 */
const signedLinkSchema = v.object({
  expires: v.fallback(v.string(), ''),
  signature: v.fallback(v.string(), ''),
});

/** The file itself, as it was uploaded (one of the accepted types). */
const fileAnswer = {
  description: 'The document, in the type it was uploaded as',
  content: Object.fromEntries(
    ACCEPTED_UPLOAD_TYPES.split(',').map((type) => [
      type,
      { schema: { type: 'string', format: 'binary' } },
    ]),
  ),
};

export const documentRoutes: RoutesPlugin = async (app, options) => {
  const { db, storage } = options;

  app.get(
    '/auth/lender/presigned-url',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: {
        tags: ['documents'],
        summary: 'A 15-minute link to a document the caller may see',
        ...contract('GET /auth/lender/presigned-url', errorAnswers(404)),
      },
    },
    async (request) => {
      const document = await documentByKey(db, request.query.fileName);
      if (!document || !(await mayRead(db, currentUser(request), document))) {
        throw notFound(DOCUMENT_NOT_FOUND);
      }
      return { url: await storage.signedUrl(document.storageKey, SIGNED_URL_TTL_SECONDS) };
    },
  );

  if (storage.kind === 'local') {
    const local = storage as LocalStorage;
    app.get(
      '/files/*',
      {
        schema: {
          hide: true,
          params: schemaOf(fileParamsSchema),
          querystring: schemaOf(signedLinkSchema),
          response: { 200: fileAnswer },
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        const { expires, signature } = request.query;
        if (!local.verify(key, expires, signature)) throw forbidden(LINK_EXPIRED);
        const document = await documentByKey(db, key);
        const body = document ? await local.get(key) : null;
        if (!document || !body) throw notFound(DOCUMENT_NOT_FOUND);
        return (
          reply
            .header('Content-Type', document.contentType)
            .header('Cache-Control', 'private, max-age=300')
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Disposition', 'inline')
            // A signed link is itself the permission (no cookie rides on it), as an S3 link
            // is: the app may show it from whatever origin it is served on (PUBLIC_URL
            // behind a balancer, a proxy in front of the server).
            .header('Cross-Origin-Resource-Policy', 'cross-origin')
            .send(body)
        );
      },
    );
  }
};
