/**
 * Links to uploaded documents (GET /auth/lender/presigned-url): a link that expires in
 * 15 minutes, given only to someone allowed to see the document — its owner, an
 * administrator, or for business documents the business's lender.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { DOCUMENTS_BUCKET } from '../../../src/domain/documents';
import { roles } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { businessFor } from '../businesses/access';
import { notFound } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';
import { currentUser, type AuthUser } from '../../plugins/auth';
import type { LocalStorage } from '../../storage/local-storage';
import { SIGNED_URL_TTL_SECONDS } from '../../storage/storage';
import type { Deps } from '../deps';

const DOCUMENT_NOT_FOUND = 'Document not found.';
const LINK_EXPIRED = 'This link has expired or is not valid. Open the document again.';

async function mayRead(
  db: Db,
  user: AuthUser,
  document: typeof documents.$inferSelect,
): Promise<boolean> {
  if (user.role === 'admin' || user.role === 'super_admin') return true;
  if (document.ownerUserId === user.id) return true;
  if (document.lenderBusinessId === null) return false;
  // Borrower and loan files: the business's lender and its agents.
  try {
    await businessFor(db, user, document.lenderBusinessId);
    return true;
  } catch {
    return false;
  }
}

export async function documentRoutes(app: FastifyInstance, options: Deps) {
  const { db, storage } = options;

  app.get<{ Querystring: { bucket: string; fileName: string } }>(
    '/auth/lender/presigned-url',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: {
        tags: ['documents'],
        summary: 'A 15-minute link to a document the caller may see',
        querystring: schemaOf(
          v.object({
            bucket: v.literal(DOCUMENTS_BUCKET, DOCUMENT_NOT_FOUND),
            fileName: v.pipe(v.string(DOCUMENT_NOT_FOUND), v.nonEmpty(DOCUMENT_NOT_FOUND)),
          }),
        ),
      },
    },
    async (request) => {
      const [document] = await db
        .select()
        .from(documents)
        .where(eq(documents.storageKey, request.query.fileName));
      if (!document || !(await mayRead(db, currentUser(request), document))) {
        throw notFound(DOCUMENT_NOT_FOUND);
      }
      return { url: await storage.signedUrl(document.storageKey, SIGNED_URL_TTL_SECONDS) };
    },
  );

  if (storage.kind === 'local') {
    const local = storage as LocalStorage;
    app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
      '/files/*',
      { schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        const { expires = '', signature = '' } = request.query;
        if (!local.verify(key, expires, signature)) {
          return reply.code(403).send({ statusCode: 403, message: LINK_EXPIRED });
        }
        const [document] = await db.select().from(documents).where(eq(documents.storageKey, key));
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
}
