/** Refunds (the spec's "The calls it makes"): the refundable loans and a wallet's refund by B2C. */
import * as v from 'valibot';
import { messageAnswer } from '../../../src/domain/answers';
import { refundSchema } from '../../../src/domain/refunds';
import { refundLoanView } from '../../../src/domain/repayments';
import { moneyText } from '../../../src/i18n/money';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { listRefundable, refundCents, refundLoan, startRefund } from './service';

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
        response: { 200: responseOf(v.array(refundLoanView)) },
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
        response: { 200: responseOf(refundLoanView) },
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
        body: schemaOf(refundSchema),
        response: { 200: responseOf(messageAnswer) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const amount = refundCents(request.body.amount);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const row = await startRefund(tx, user, request.body, amount);
        return { body: { message: moneyText.refundSent }, value: row };
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
