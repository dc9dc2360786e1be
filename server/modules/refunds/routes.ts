/** Refunds: the refundable loans and a wallet's refund by B2C. */
import { refundsText } from '../../../src/i18n/refunds';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { listRefundable, refundCents, refundLoan, startRefund } from './service';
import { contract } from '../../lib/contract';
import { errorAnswers } from '../../lib/openapi';

export const refundRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const lender = app.requireRole('lender');

  app.get(
    '/loan/refundable',
    {
      onRequest: lender,
      schema: {
        tags: ['refunds'],
        summary: 'Loans with an overpaid wallet or a refund',
        ...contract('GET /loan/refundable'),
      },
    },
    async (request) => listRefundable(db, currentUser(request)),
  );

  app.get(
    '/loan/refund/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['refunds'],
        summary: 'A loan with its borrower, plan and wallet',
        params: idParamsSchema('loanId'),
        ...contract('GET /loan/refund/:loanId'),
      },
    },
    async (request) => refundLoan(db, currentUser(request), request.params.loanId),
  );

  app.post(
    '/refund/balance',
    {
      onRequest: lender,
      schema: {
        tags: ['refunds'],
        summary: "Refund an overpaid wallet to the borrower's M-Pesa (B2C)",
        // The loan is named by its code, not an id, so its 404 is not derived.
        ...contract('POST /refund/balance', errorAnswers(404)),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const amount = refundCents(request.body.amount);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const row = await startRefund(tx, user, request.body, amount);
        return { body: { message: refundsText.refundSent }, value: row };
      });
      await sendB2cAfterCommit(
        db,
        deps.mpesa,
        outcome,
        (b2c) => ({ request: b2c, remarks: `Refund ${request.body.loanCode}` }),
        request.log,
      );
      return outcome.send(reply);
    },
  );
};
