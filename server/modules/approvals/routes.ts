/**
 * The second administrator's approvals and the platform settings that set when one is needed
 * (service.ts, settings.ts).
 */
import { adminRoles } from '../../../src/domain/roles';
import { approvalsText } from '../../../src/i18n/approvals';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { approve, listWaiting, reject, type Approved } from './service';
import { readSettings, saveSettings } from './settings';
import { contract } from '../../lib/contract';

const idParams = idParamsSchema('id');

export const approvalRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const admins = app.requireRole(...adminRoles);

  app.get(
    '/admin/settings',
    {
      onRequest: admins,
      schema: {
        tags: ['admin'],
        summary: 'The platform settings: the second-approval threshold',
        description:
          'secondApprovalFrom: from this amount (KES, whole shillings) on, settling a stuck M-Pesa payment and assigning or refunding an unassigned payment wait for a second administrator; null: one administrator is always enough.',
        ...contract('GET /admin/settings'),
      },
    },
    async () => readSettings(db),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: admins,
      schema: {
        tags: ['admin'],
        summary: 'Change the platform settings (super admin only, audit-logged)',
        description:
          '403 for an admin who is not the super admin; 409 when a threshold is set while fewer than two administrators are active (nobody could approve).',
        ...contract('PUT /admin/settings'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => ({
        body: {
          message: approvalsText.settingsSaved,
          data: await saveSettings(tx, user, request.body),
        },
      }));
      return outcome.send(reply);
    },
  );

  app.get(
    '/admin/approvals',
    {
      onRequest: admins,
      schema: {
        tags: ['admin'],
        summary: 'Acts waiting for a second administrator, oldest first',
        description:
          'mine: the caller proposed it (they may reject it to withdraw, not approve it).',
        ...contract('GET /admin/approvals'),
      },
    },
    async (request) => listWaiting(db, currentUser(request)),
  );

  app.post(
    '/admin/approvals/:id/approve',
    {
      onRequest: admins,
      schema: {
        tags: ['admin'],
        summary: 'Approve an act another administrator proposed: it is done now',
        description:
          '403 for the proposer. The act runs with the checks it always has; when the payment changed meanwhile and the act cannot be done, the approval is closed as refused and the answer is 409 with the reason. 409 also once the approval was approved, rejected or refused (of two racing approvals exactly one does the act). An approved payer refund is sent to M-Pesa after commit (502 if M-Pesa cannot be reached: the refund then shows as failed and can be proposed again).',
        params: idParams,
        ...contract('POST /admin/approvals/:id/approve'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent<Approved>(db, request, reply, async (tx) => {
        const approved = await approve(tx, user, request.params.id);
        if (!approved.done) {
          // The refusal is committed with the closed proposal, then answered (not stored).
          return { status: 409, body: { message: approved.refusal.message }, value: approved };
        }
        return { body: { message: approved.message }, value: approved };
      });
      if (outcome.value && !outcome.value.done) throw outcome.value.refusal;
      await sendB2cAfterCommit(
        db,
        deps.mpesa,
        outcome,
        (approved) =>
          approved.done && approved.refund
            ? {
                request: approved.refund.request,
                remarks: `Refund ${approved.refund.transId}`,
              }
            : null,
        request.log,
      );
      return outcome.send(reply);
    },
  );

  app.post(
    '/admin/approvals/:id/reject',
    {
      onRequest: admins,
      schema: {
        tags: ['admin'],
        summary: 'Reject a waiting act (its proposer withdraws it the same way): nothing is done',
        params: idParams,
        ...contract('POST /admin/approvals/:id/reject'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => ({
        body: { message: await reject(tx, user, request.params.id, request.body.reason) },
      }));
      return outcome.send(reply);
    },
  );
};
