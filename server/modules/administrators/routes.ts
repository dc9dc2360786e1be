/**
 * The super admin's management of administrators (service.ts): list, add (an invitation mail
 * sets the password), deactivate and reactivate. An admin who is not the super admin gets 403.
 * Resetting an administrator's second factor is POST /admin/users/{id}/second-factor/reset
 * (server/modules/auth/factor-routes.ts).
 */
import type { AdminStatus } from '../../../src/domain/roles';
import { administratorsText as t } from '../../../src/i18n/administrators';
import { errorAnswers } from '../../lib/openapi';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import {
  addAdministrator,
  listAdministrators,
  mailAdministratorInvitation,
  setAdministratorStatus,
} from './service';
import { contract } from '../../lib/contract';

export const administratorRoutes: RoutesPlugin = async (app, deps) => {
  const { db, config, mailer } = deps;
  const superAdmin = app.requireRole('super_admin');

  app.get(
    '/admin/administrators',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['admin'],
        summary: "The platform's administrators (super admin)",
        description:
          'Each with its role, status (active or deactivated), whether a second factor is set up, and when it was added; the super admin first.',
        ...contract('GET /admin/administrators'),
      },
    },
    async () => listAdministrators(db),
  );

  app.post(
    '/admin/administrators',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add an administrator (super admin): it is emailed a link to set its password',
        description:
          'Creates an account with role admin and no password; the invitation link (one hour, single use; /forgot-password?type=admin mails a new one) sets it, and the first sign-in sets up a second factor. Nobody else sees or chooses the password. 409 when the email belongs to an account. Audit-logged (admin.create).',
        ...contract('POST /admin/administrators', errorAnswers(409)),
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const added = await addAdministrator(tx, actor, request.body, config.publicUrl);
        return {
          status: 201,
          body: { message: t.added(added.administrator.email), data: added.administrator },
          value: added,
        };
      });
      if (outcome.value) {
        await mailAdministratorInvitation(mailer, {
          email: outcome.value.administrator.email,
          name: outcome.value.administrator.name,
          link: outcome.value.link,
          publicUrl: config.publicUrl,
        });
      }
      return outcome.send(reply);
    },
  );

  const statusRoute = (action: 'deactivate' | 'reactivate', status: AdminStatus) =>
    app.post(
      `/admin/administrators/:id/${action}`,
      {
        onRequest: superAdmin,
        schema: {
          tags: ['admin'],
          summary:
            action === 'deactivate'
              ? 'Deactivate an administrator (super admin): its sessions end, it cannot sign in'
              : 'Reactivate a deactivated administrator (super admin)',
          description:
            action === 'deactivate'
              ? 'Refused (409) for oneself, for a super admin, for one already deactivated, and while a second-approval threshold is set when fewer than two active administrators would remain. Audit-logged (admin.deactivate) with both names.'
              : 'It signs in again with its password and second factor. 409 when it is active. Audit-logged (admin.reactivate) with both names.',
          ...contract(`POST /admin/administrators/:id/${action}` as const, errorAnswers(409)),
          params: idParamsSchema('id'),
        },
      },
      async (request, reply) =>
        respondOnce(db, request, reply, async (tx) => {
          const data = await setAdministratorStatus(
            tx,
            currentUser(request),
            request.params.id,
            status,
          );
          const name = data.name || data.email;
          return {
            body: {
              message: status === 'deactivated' ? t.deactivated(name) : t.reactivated(name),
              data,
            },
          };
        }),
    );
  statusRoute('deactivate', 'deactivated');
  statusRoute('reactivate', 'active');
};
