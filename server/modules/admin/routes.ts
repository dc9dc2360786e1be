/** The administrator's own profile and the audit log. */
import * as v from 'valibot';
import { emailSchema } from '../../../src/domain/auth';
import { adminRoles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { badRequest, notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { currentUser, type AuthUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { auditPage, findAdmin, saveAdminProfile } from './service';
import { contract } from '../../lib/contract';

const idParams = idParamsSchema('id');

/** An admin reads and edits its own profile; a super_admin any administrator's. */
function mayManage(user: AuthUser, adminId: number): boolean {
  return user.role === 'super_admin' || user.id === adminId;
}

export const adminRoutes: RoutesPlugin = async (app, { db }) => {
  const adminsOnly = app.requireRole(...adminRoles);

  app.get(
    '/admin/audit-logs',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Administrators' actions, newest first ({ data, total })",
        ...contract('GET /admin/audit-logs'),
      },
    },
    async (request) =>
      auditPage(db, {
        limit: request.query.limit,
        offset: (request.query.page - 1) * request.query.limit,
      }),
  );

  app.get(
    '/admin/:id',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'An administrator profile',
        params: idParams,
        ...contract('GET /admin/:id'),
      },
    },
    async (request) => {
      const admin = mayManage(currentUser(request), request.params.id)
        ? await findAdmin(db, request.params.id)
        : undefined;
      if (!admin) throw notFound(adminText.adminNotFound);
      return admin;
    },
  );

  app.put(
    '/admin/:id',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Update name and email',
        params: idParams,
        ...contract('PUT /admin/:id'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const existing = mayManage(currentUser(request), id) ? await findAdmin(db, id) : undefined;
      if (!existing) throw notFound(adminText.adminNotFound);
      const email = request.body.email || existing.email;
      if (!v.safeParse(emailSchema, email).success) throw badRequest(adminText.invalidEmail);
      return respondOnce(db, request, reply, async (tx) => {
        const saved = await saveAdminProfile(tx, currentUser(request).id, existing, {
          name: request.body.name,
          email,
        });
        return { body: { ...saved, message: adminText.profileUpdated } };
      });
    },
  );
};
