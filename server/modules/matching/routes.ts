/** Manual Match (the spec's "The calls it makes"): the lender's M-Pesa repayments and matching them. */
import * as v from 'valibot';
import { messageAnswer } from '../../../src/domain/answers';
import { idField, idRange } from '../../../src/domain/lender-profile';
import { repaymentTransactionView } from '../../../src/domain/repayments';
import { commonText } from '../../../src/i18n/common';
import { loansText } from '../../../src/i18n/loans';
import { moneyText } from '../../../src/i18n/money';
import { badRequest } from '../../lib/http-error';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { listRepaymentTransactions, matchRepayments } from './service';

const matchSchema = v.object({
  loanId: idField(loansText.loanNotFound),
  mpesaLoanRepaymentId: v.optional(idRange(commonText.notFound)),
  mpesaLoanRepaymentIds: v.optional(
    v.pipe(v.array(idRange(commonText.notFound)), v.minLength(1), v.maxLength(100)),
  ),
});

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
        response: { 200: responseOf(v.array(repaymentTransactionView)) },
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
        body: schemaOf(matchSchema),
        response: { 200: responseOf(messageAnswer) },
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
