/** Manual Match: the lender's M-Pesa repayments and matching them. */
import { moneyText } from '../../../src/i18n/money';
import { badRequest } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { listRepaymentTransactions, matchRepayments } from './service';
import { contract } from '../../lib/contract';

export const matchingRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const lender = app.requireRole('lender');

  app.get(
    '/loan-repayment-transaction/get-transactions',
    {
      onRequest: lender,
      schema: {
        tags: ['repayments'],
        summary: "Every M-Pesa repayment to my businesses' paybills, matched or not",
        ...contract('GET /loan-repayment-transaction/get-transactions'),
      },
    },
    async (request) => listRepaymentTransactions(db, currentUser(request)),
  );

  app.post(
    '/manual-match/transaction',
    {
      onRequest: lender,
      schema: {
        tags: ['repayments'],
        summary: 'Match one or several unmatched repayments to a loan',
        description:
          'Body { loanId, mpesaLoanRepaymentId } or { loanId, mpesaLoanRepaymentIds: [] }.',
        ...contract('POST /manual-match/transaction'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ids = [
        ...new Set([
          ...(request.body.mpesaLoanRepaymentIds ?? []),
          ...(request.body.mpesaLoanRepaymentId ? [request.body.mpesaLoanRepaymentId] : []),
        ]),
      ];
      if (!ids.length) throw badRequest(moneyText.repaymentNotFound);
      // The payments' receipts go by SMS once the match committed.
      reply.raw.once('finish', () => void deps.smsOutbox.flush());
      return respondOnce(db, request, reply, async (tx) => {
        await matchRepayments(tx, user, request.body.loanId, ids);
        return { body: { message: moneyText.matched(ids.length) } };
      });
    },
  );
};
