/** Payments needing a decision, for administrators (docs/architecture.md §6; decisions.ts). */
import { decisionSchema } from '../../../src/domain/mpesa-decisions';
import { adminRoles } from '../../../src/domain/roles';
import { idParamsSchema } from '../../lib/params';
import { schemaDocumentedAs } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { decisionProposal, proposeIfAtThreshold } from '../approvals/service';
import {
  decidePayment,
  listAmountDifferences,
  listNeedingDecision,
  paymentToDecide,
} from './decisions';
import { contract } from '../../lib/contract';

export const mpesaDecisionRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const adminsOnly = app.requireRole(...adminRoles);

  app.get(
    '/admin/mpesa/decisions',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['mpesa'],
        summary: 'M-Pesa payments needing a decision',
        description:
          'Payments (STK pushes and B2C payments) still pending after the automatic status queries ran out, oldest first, each with its history.',
        ...contract('GET /admin/mpesa/decisions'),
      },
    },
    async () => listNeedingDecision(db),
  );

  app.get(
    '/admin/mpesa/amount-differences',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['mpesa'],
        summary: 'M-Pesa payments settled for another amount than was asked',
        description:
          'Newest first, each with the amount asked, the amount M-Pesa reported, the correction posted to the capital and what could not be posted.',
        ...contract('GET /admin/mpesa/amount-differences'),
      },
    },
    async () => listAmountDifferences(db),
  );

  app.post(
    '/admin/mpesa/requests/:id/decide',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['mpesa'],
        summary: 'Settle a payment needing a decision: paid (with receipt) or failed (reversed)',
        description:
          "Only for a payment still pending after the automatic status queries ran out (409 otherwise, and for one already settled). Paid needs the receipt (8 to 12 letters and digits; 400 without it) and keeps a B2C debit and credits an STK deposit; failed reverses a B2C as a failed result would and credits nothing for an STK push. Audit-logged. At or above the platform's second-approval threshold nothing is settled yet: 202, and the decision waits for a second administrator (POST /admin/approvals/{id}/approve).",
        ...contract('POST /admin/mpesa/requests/:id/decide'),
        params: idParamsSchema('id'),
        // Paid needs a receipt, failed does not: one object per outcome.
        body: schemaDocumentedAs(decisionSchema, (json) => {
          const properties = json.properties as Record<string, Record<string, unknown>>;
          const required = json.required as string[];
          const outcome = (name: string, receipt: Record<string, unknown>, needed: string[]) => ({
            type: 'object',
            properties: { ...properties, outcome: { type: 'string', enum: [name] }, receipt },
            required: [...new Set([...required, ...needed])],
          });
          return {
            type: 'object',
            oneOf: [
              outcome('paid', { type: 'string', pattern: '^\\s*[A-Za-z0-9]{8,12}\\s*$' }, [
                'receipt',
              ]),
              outcome('failed', properties.receipt!, []),
            ],
          };
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const payment = await paymentToDecide(tx, request.params.id);
        const proposed = await proposeIfAtThreshold(
          tx,
          user,
          decisionProposal(payment, request.body),
        );
        if (proposed) return { status: 202, body: { message: proposed } };
        return {
          status: 200,
          body: { message: await decidePayment(tx, user, request.params.id, request.body) },
        };
      });
      return outcome.send(reply);
    },
  );
};
