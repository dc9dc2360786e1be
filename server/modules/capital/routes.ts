/** Capital: add money by STK push, withdraw by B2C, balance and ledger. */
import { errorAnswers } from '../../lib/openapi';
import { decimalToNumber } from '../../../src/domain/money';
import { adminRoles } from '../../../src/domain/roles';
import { moneyText } from '../../../src/i18n/money';
import { capitalText } from '../../../src/i18n/capital';
import { HttpError } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { runIdempotent } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { requireRecentFactor } from '../auth/factor';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { b2cShillings } from '../mpesa/requests';
import { recordStkPush, sendStkPush } from '../mpesa/stk';
import { capitalLedger, capitalPaymentFor, reserveWithdrawal } from './service';
import { contract } from '../../lib/contract';

export const capitalRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const lender = app.requireRole('lender');
  // The business's capital is its lender's (and the administrators') to read, not its agents'.
  const readers = app.requireRole('lender', ...adminRoles);

  app.post(
    '/initiate/request-stkpush',
    {
      onRequest: lender,
      schema: {
        tags: ['capital'],
        summary:
          "Add money to a business: an M-Pesa prompt on the lender's phone; capital is credited when M-Pesa confirms",
        ...contract('POST /initiate/request-stkpush', errorAnswers(429)),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const business = await businessFor(tx, user, request.body.lenderBusinessId, {
          lenderOnly: true,
          usable: true,
        });
        const row = await recordStkPush(tx, {
          userId: user.id,
          lenderBusinessId: business.id,
          phoneNumber: request.body.phoneNumber,
          amount: request.body.amount,
        });
        return {
          body: { message: capitalText.stkSent, mpesaRequestId: row.id },
          value: { row, businessCode: business.lenderBusinessCode },
        };
      });
      if (!outcome.value) return outcome.send(reply);
      try {
        const sent = await sendStkPush(
          db,
          deps.mpesa,
          outcome.value.row,
          outcome.value.businessCode,
        );
        return reply.send({
          // Unanswered: the prompt may still reach the phone; its callback settles it.
          message: sent.checkoutRequestId ? capitalText.stkSent : moneyText.stkUnanswered,
          mpesaRequestId: sent.id,
          checkoutRequestId: sent.checkoutRequestId,
        });
      } catch (error) {
        request.log.error({ err: error }, 'STK push failed');
        // Nothing was asked of the phone: a retry with the same key may try again.
        await outcome.release();
        throw new HttpError(502, moneyText.mpesaUnavailable);
      }
    },
  );

  app.post(
    '/initiate/request-withdraw',
    {
      onRequest: lender,
      schema: {
        tags: ['capital'],
        summary: "Withdraw capital to the lender's M-Pesa (B2C); reversed if M-Pesa fails it",
        ...contract('POST /initiate/request-withdraw'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Money leaving the platform: a second factor is asked again after 15 minutes.
      requireRecentFactor(user);
      const amount = request.body.amount * 100;
      b2cShillings(amount);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        const row = await reserveWithdrawal(tx, user, request.body, amount);
        return {
          body: { message: capitalText.withdrawalSent, mpesaRequestId: row.id },
          value: row,
        };
      });
      await sendB2cAfterCommit(
        db,
        deps.mpesa,
        outcome,
        (b2c) => ({ request: b2c, remarks: 'Withdrawal' }),
        request.log,
      );
      return outcome.send(reply);
    },
  );

  app.get(
    '/capital/payment/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['capital'],
        summary: 'How an add-money prompt or a withdrawal ended (pending until M-Pesa answers)',
        params: idParamsSchema('id'),
        ...contract('GET /capital/payment/:id'),
      },
    },
    async (request) => capitalPaymentFor(db, currentUser(request), request.params.id),
  );

  app.get(
    '/capital/from-lender-business/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['capital'],
        summary: "A business's capital balance",
        params: idParamsSchema('id'),
        ...contract('GET /capital/from-lender-business/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return { balance: decimalToNumber(business.capitalBalance), lenderBusinessId: business.id };
    },
  );

  app.get(
    '/capital/transactions-from-lender-business/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['capital'],
        summary: "A business's capital ledger, newest first",
        params: idParamsSchema('id'),
        ...contract('GET /capital/transactions-from-lender-business/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return capitalLedger(db, business);
    },
  );
};
