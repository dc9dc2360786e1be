/**
 * Administrators' paybill routes (docs/architecture.md §6): the paybills waiting for verification
 * and the verification itself; the Unassigned payments and what an administrator does
 * with one — give it to a business, or send it back to the payer by B2C.
 */
import { adminRoles } from '../../../src/domain/roles';
import { paybillsText } from '../../../src/i18n/paybills';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { requireRecentFactor } from '../auth/factor';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { assignableBusinesses, paybillsWaiting, verifyPaybill } from './service';
import { proposeIfAtThreshold, unassignedProposal } from '../approvals/service';
import { businessFor } from '../businesses/access';
import {
  assignPayment,
  listUnassignedPayments,
  refundableAmount,
  startPayerRefund,
  waitingPayment,
} from './unassigned-payments';
import { contract } from '../../lib/contract';

const idParams = idParamsSchema('id');

export const paybillRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const admins = app.requireRole(...adminRoles);
  const { platformShortCode } = deps.config.mpesa;

  app.get(
    '/admin/lender-business',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary: 'Every business a payment can be assigned to (new or active), with its lender',
        ...contract('GET /admin/lender-business'),
      },
    },
    async () => assignableBusinesses(db),
  );

  app.get(
    '/admin/lender-business/paybills-waiting',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary: 'Businesses whose paybill waits for verification, oldest first',
        description:
          'Businesses registered after their lender was approved; payments to their paybill wait in Unassigned payments until an administrator verifies it.',
        ...contract('GET /admin/lender-business/paybills-waiting'),
      },
    },
    async () => paybillsWaiting(db),
  );

  app.patch(
    '/admin/lender-business/:id/verify-paybill',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary: "Verify that a business's paybill is its own (audit-logged)",
        description:
          "From then on, payments to the paybill are applied to that business's loans (or wait in its Manual Match). Verifying again answers 200 and changes nothing; the message says it was already verified.",
        params: idParams,
        ...contract('PATCH /admin/lender-business/:id/verify-paybill'),
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const { already, business } = await verifyPaybill(tx, {
          adminUserId: admin.id,
          lenderBusinessId: request.params.id,
          platformShortCode,
        });
        const message = already
          ? paybillsText.alreadyVerified(business.businessName)
          : paybillsText.verified(business.businessName);
        return { body: { message, data: business } };
      });
      return outcome.send(reply);
    },
  );

  app.get(
    '/admin/unassigned-payments',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary: 'C2B payments of no business, newest first, with why each is here',
        description:
          'state: unassigned (waiting for an administrator), refunding, refunded, anomaly (an amount no M-Pesa payment can carry; never applied). reason: unknown_account (platform paybill, no such loan code), unverified_paybill, unknown_shortcode, or the anomaly.',
        ...contract('GET /admin/unassigned-payments'),
      },
    },
    async () => listUnassignedPayments(db, platformShortCode),
  );

  app.post(
    '/admin/unassigned-payments/:id/assign',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary:
          "Give an unassigned payment to a business: it waits in that business's Manual Match",
        params: idParams,
        ...contract('POST /admin/unassigned-payments/:id/assign'),
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const payment = await waitingPayment(tx, request.params.id);
        const { lenderBusinessId } = request.body;
        const business = await businessFor(tx, admin, lenderBusinessId, { usable: true });
        const proposed = await proposeIfAtThreshold(
          tx,
          admin,
          unassignedProposal(payment, 'payment.assign', {
            lenderBusinessId,
            businessName: business.businessName,
          }),
        );
        if (proposed) return { status: 202, body: { message: proposed } };
        const businessName = await assignPayment(tx, admin, {
          paymentId: request.params.id,
          lenderBusinessId: request.body.lenderBusinessId,
        });
        return { body: { message: paybillsText.assigned(businessName) } };
      });
      return outcome.send(reply);
    },
  );

  app.post(
    '/admin/unassigned-payments/:id/refund',
    {
      onRequest: admins,
      schema: {
        tags: ['paybills'],
        summary: 'Send an unassigned payment back to its payer by M-Pesa (B2C)',
        description:
          "The administrator types the payer's number (M-Pesa may mask it). The whole payment is sent back; it is marked refunded when M-Pesa confirms; if M-Pesa fails it, it shows refund_failed with M-Pesa's reason and can be assigned or refunded again. No business's capital moves. At or above the platform's second-approval threshold: 202, and the refund waits for a second administrator.",
        params: idParams,
        ...contract('POST /admin/unassigned-payments/:id/refund'),
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      // A refund to a number the administrator types: the code is asked again after 15 minutes.
      requireRecentFactor(admin);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const payment = await waitingPayment(tx, request.params.id);
        refundableAmount(payment);
        const { phoneNumber } = request.body;
        const proposed = await proposeIfAtThreshold(
          tx,
          admin,
          unassignedProposal(payment, 'payment.refund_to_payer', { phoneNumber }),
        );
        if (proposed) return { status: 202, body: { message: proposed } };
        const started = await startPayerRefund(tx, admin, {
          paymentId: request.params.id,
          phoneNumber: request.body.phoneNumber,
        });
        return { body: { message: paybillsText.refundSent }, value: started };
      });
      // If M-Pesa cannot be reached the request is failed (the payment waits again).
      await sendB2cAfterCommit(
        db,
        deps.mpesa,
        outcome,
        ({ request: b2c, transId }) => ({ request: b2c, remarks: `Refund ${transId}` }),
        request.log,
      );
      return outcome.send(reply);
    },
  );
};
