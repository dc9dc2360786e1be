/** The administrator's own profile and the audit log (the spec's "Dashboards"–"Admin screens for lenders"). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { emailSchema } from '../../../src/domain/auth';
import { limitText, pageText } from '../../../src/domain/fields';
import { adminProfileSchema } from '../../../src/domain/reference-data';
import { adminRoles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import type { Tx } from '../../db/client';
import type { Deps } from '../deps';
import { admins, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser, type AuthUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { listAudit, recordAudit } from '../audit/service';

const idParams = idParamsSchema('id');
const pageQuery = schemaOf(
  v.object({ page: v.optional(pageText, '1'), limit: v.optional(limitText, '20') }),
);

/** An admin reads and edits its own profile; a super_admin any administrator's. */
function mayManage(user: AuthUser, adminId: number): boolean {
  return user.role === 'super_admin' || user.id === adminId;
}

async function findAdmin(db: Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: admins.name, email: users.email, role: users.role })
    .from(admins)
    .innerJoin(users, eq(users.id, admins.id))
    .where(eq(admins.id, id));
  return row;
}

export async function adminRoutes(app: FastifyInstance, options: Deps) {
  const { db } = options;
  const adminsOnly = app.requireRole(...adminRoles);

  app.get<{ Querystring: { page: number; limit: number } }>(
    '/admin/audit-logs',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Administrators' actions, newest first ({ data, total })",
        querystring: pageQuery,
      },
    },
    async (request) =>
      listAudit(db, {
        limit: request.query.limit,
        offset: (request.query.page - 1) * request.query.limit,
      }),
  );

  app.get<{ Params: { id: number } }>(
    '/admin/:id',
    {
      onRequest: adminsOnly,
      schema: { tags: ['admin'], summary: 'An administrator profile', params: idParams },
    },
    async (request) => {
      const admin = mayManage(currentUser(request), request.params.id)
        ? await findAdmin(db, request.params.id)
        : undefined;
      if (!admin) throw notFound(adminText.adminNotFound);
      return admin;
    },
  );

  app.put<{ Params: { id: number }; Body: v.InferOutput<typeof adminProfileSchema> }>(
    '/admin/:id',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Update name and email',
        params: idParams,
        body: schemaOf(adminProfileSchema),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const existing = mayManage(currentUser(request), id) ? await findAdmin(db, id) : undefined;
      if (!existing) throw notFound(adminText.adminNotFound);
      const email = request.body.email || existing.email;
      if (!v.safeParse(emailSchema, email).success) throw badRequest(adminText.invalidEmail);
      return respondOnce(db, request, reply, async (tx) => {
        if (email !== existing.email) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, email));
          if (taken) throw conflict(adminText.emailTaken);
          await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id));
        }
        await tx
          .update(admins)
          .set({ name: request.body.name, updatedAt: new Date() })
          .where(eq(admins.id, id));
        await recordAudit(tx, {
          actorUserId: currentUser(request).id,
          action: 'admin.update',
          subjectType: 'admin',
          subjectId: id,
          details: { name: request.body.name || email },
        });
        return { body: { ...(await findAdmin(tx, id)), message: adminText.profileUpdated } };
      });
    },
  );
}
