/** Repayments, manual matching, fines and refunds (the spec's "The calls it makes"). */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { idField, idRange } from '../../../src/domain/lender-profile';
import { commonText } from '../../../src/i18n/common';
import { centsToDecimal, decimalToNumber, toCents } from '../../../src/domain/money';
import { REFUND_REASON_MIN, refundSchema } from '../../../src/domain/payments';
import { adminRoles } from '../../../src/domain/roles';
import { loansText } from '../../../src/i18n/loans';
import { moneyText } from '../../../src/i18n/money';
import type { Db } from '../../db/client';
import {
  borrowers,
  fines,
  lenderBusinesses,
  loanPayments,
  loans,
  mpesaRepaymentTransactions,
  refunds,
  walletRecords,
} from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser, type AuthUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { Deps } from '../deps';
import { findLoans } from '../loans/queries';
import { loanFor } from '../loans/service';
import { sendB2c } from '../mpesa/b2c';
import { b2cShillings, createRequest } from '../mpesa/requests';
import { postCapital } from '../capital/ledger';
import { postWallet, receiveRepayment, walletTotal } from './service';

const matchSchema = v.object({
  loanId: idField(loansText.loanNotFound),
  mpesaLoanRepaymentId: v.optional(idRange(commonText.notFound)),
  mpesaLoanRepaymentIds: v.optional(
    v.pipe(v.array(idRange(commonText.notFound)), v.minLength(1), v.maxLength(100)),
  ),
});

const borrowerColumns = {
  id: borrowers.id,
  firstName: borrowers.firstName,
  lastName: borrowers.lastName,
  phoneNumber: borrowers.phoneNumber,
};

/** Ids of the businesses the user may reach (a lender's own; an agent's assigned). */
async function myBusinessIds(db: Db, user: AuthUser): Promise<number[]> {
  if (user.role !== 'lender') return [];
  const rows = await db
    .select({ id: lenderBusinesses.id })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.lenderId, user.id));
  return rows.map((row) => row.id);
}

type WalletSummary = {
  total: number;
  refund: {
    refunded: 'refunded' | 'notrefunded';
    amount: number;
    status: 'pending' | 'refunded' | 'failed' | null;
  };
};

/**
 * The wallet summaries the refund screens show (total and the latest refund), for many
 * loans in two queries: the newest wallet record and the newest refund of each loan.
 */
async function latestWallets(db: Db, loanIds: number[]): Promise<Map<number, WalletSummary>> {
  const summaries = new Map<number, WalletSummary>(
    loanIds.map((id) => [
      id,
      { total: 0, refund: { refunded: 'notrefunded', amount: 0, status: null } },
    ]),
  );
  if (!loanIds.length) return summaries;
  const totals = await db
    .selectDistinctOn([walletRecords.loanId], {
      loanId: walletRecords.loanId,
      total: walletRecords.total,
    })
    .from(walletRecords)
    .where(inArray(walletRecords.loanId, loanIds))
    .orderBy(walletRecords.loanId, desc(walletRecords.id));
  for (const row of totals) summaries.get(row.loanId)!.total = decimalToNumber(row.total);
  const latestRefunds = await db
    .selectDistinctOn([refunds.loanId], {
      loanId: refunds.loanId,
      amount: refunds.amount,
      status: refunds.status,
    })
    .from(refunds)
    .where(inArray(refunds.loanId, loanIds))
    .orderBy(refunds.loanId, desc(refunds.id));
  for (const row of latestRefunds) {
    summaries.get(row.loanId)!.refund = {
      refunded: row.status === 'refunded' ? 'refunded' : 'notrefunded',
      amount: decimalToNumber(row.amount),
      status: row.status,
    };
  }
  return summaries;
}

export async function repaymentRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const lender = app.requireRole('lender');
  // Repayments, fines and wallets are the lender's (and the administrators') to read; agents
  // see a loan's figures on their own screens (follow-ups, borrower detail).
  const readers = app.requireRole('lender', ...adminRoles);

  app.get(
    '/loan-repayment-transaction/get-transactions',
    {
      onRequest: lender,
      schema: {
        tags: ['repayments'],
        summary: "Every M-Pesa repayment to my businesses' paybills, matched or not",
      },
    },
    async (request) => {
      const ids = await myBusinessIds(db, currentUser(request));
      if (!ids.length) return [];
      const rows = await db
        .select({
          repayment: mpesaRepaymentTransactions,
          loan: { id: loans.id, loanCode: loans.loanCode, status: loans.status },
          borrower: borrowerColumns,
        })
        .from(mpesaRepaymentTransactions)
        .leftJoin(loans, eq(loans.id, mpesaRepaymentTransactions.loanId))
        .leftJoin(borrowers, eq(borrowers.id, loans.borrowerId))
        .where(inArray(mpesaRepaymentTransactions.lenderBusinessId, ids))
        .orderBy(desc(mpesaRepaymentTransactions.id));
      return rows.map(({ repayment, loan, borrower }) => ({
        id: repayment.id,
        loanCode: repayment.billRefNumber,
        amount: decimalToNumber(repayment.amount),
        transactionDetails: repayment.transId,
        verified: repayment.verified,
        msisdn: repayment.msisdn,
        firstName: repayment.firstName,
        lenderBusinessId: repayment.lenderBusinessId,
        createdAt: repayment.createdAt,
        loan: loan?.id ? { ...loan, borrower } : null,
      }));
    },
  );

  app.post<{ Body: v.InferOutput<typeof matchSchema> }>(
    '/manual-match/transaction',
    {
      onRequest: lender,
      schema: {
        tags: ['repayments'],
        summary: 'Match one or several unmatched repayments to a loan',
        description:
          'Body { loanId, mpesaLoanRepaymentId } or { loanId, mpesaLoanRepaymentIds: [] }.',
        body: schemaOf(matchSchema),
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
        const loan = await loanFor(tx, user, request.body.loanId, { lenderOnly: true });
        if (!['active', 'default', 'repaid'].includes(loan.status))
          throw conflict(moneyText.loanNotRepayable(loan.status));
        const rows = await tx
          .select()
          .from(mpesaRepaymentTransactions)
          .where(inArray(mpesaRepaymentTransactions.id, ids))
          .orderBy(mpesaRepaymentTransactions.id)
          .for('update');
        if (rows.length !== ids.length) throw notFound(moneyText.repaymentNotFound);
        for (const row of rows) {
          // Only this lender's unmatched repayments: same business as the loan.
          if (row.lenderBusinessId !== loan.lenderBusinessId)
            throw notFound(moneyText.repaymentNotFound);
          if (row.verified && row.loanId) throw conflict(moneyText.repaymentAlreadyMatched);
          await tx
            .update(mpesaRepaymentTransactions)
            .set({
              verified: true,
              loanId: loan.id,
              matchedByUserId: user.id,
              matchedAt: new Date(),
            })
            .where(eq(mpesaRepaymentTransactions.id, row.id));
          await receiveRepayment(tx, {
            loanId: loan.id,
            amount: toCents(row.amount),
            mpesaRepaymentId: row.id,
            reference: row.transId,
          });
        }
        return { body: { message: moneyText.matched(ids.length) } };
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/repayment/for-lender-business/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['repayments'],
        summary: "Repayments applied to a business's loans",
        params: idParamsSchema('id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      const rows = await db
        .select({
          payment: loanPayments,
          loan: {
            id: loans.id,
            loanCode: loans.loanCode,
            outstandingAmount: loans.outstandingAmount,
            status: loans.status,
          },
          borrower: borrowerColumns,
        })
        .from(loanPayments)
        .innerJoin(loans, eq(loans.id, loanPayments.loanId))
        .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
        .where(eq(loanPayments.lenderBusinessId, business.id))
        .orderBy(desc(loanPayments.id));
      return rows.map(({ payment, loan, borrower }) => ({
        id: payment.id,
        principalAmount: decimalToNumber(payment.principalAmount),
        interestAmount: decimalToNumber(payment.interestAmount),
        fineAmount: decimalToNumber(payment.fineAmount),
        total: decimalToNumber(payment.total),
        createdAt: payment.createdAt,
        loan: { ...loan, outstandingAmount: decimalToNumber(loan.outstandingAmount), borrower },
      }));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/fines/for-lender-business/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['fines'],
        summary: "Fines of a business's loans",
        params: idParamsSchema('id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      const rows = await db
        .select({
          fine: fines,
          loan: {
            id: loans.id,
            loanCode: loans.loanCode,
            status: loans.status,
            outstandingAmount: loans.outstandingAmount,
          },
          borrower: borrowerColumns,
        })
        .from(fines)
        .innerJoin(loans, eq(loans.id, fines.loanId))
        .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
        .where(eq(fines.lenderBusinessId, business.id))
        .orderBy(desc(fines.accruedOn), desc(fines.id));
      return rows.map(({ fine, loan, borrower }) => ({
        id: fine.id,
        kind: fine.kind,
        period: fine.period,
        fineAmount: decimalToNumber(fine.fineAmount),
        fineRate: decimalToNumber(fine.fineRate),
        fineBalance: decimalToNumber(fine.fineBalance),
        paymentDate: fine.paymentDate,
        accruedOn: fine.accruedOn,
        status: toCents(fine.fineBalance) === 0 ? 'Paid' : 'Unpaid',
        createdAt: fine.createdAt,
        loan: { ...loan, outstandingAmount: decimalToNumber(loan.outstandingAmount), borrower },
      }));
    },
  );

  app.get(
    '/loan/refundable',
    {
      onRequest: lender,
      schema: { tags: ['refunds'], summary: 'Loans with an overpaid wallet or a refund' },
    },
    async (request) => {
      const ids = await myBusinessIds(db, currentUser(request));
      if (!ids.length) return [];
      const lastTotal = sql`(select w.total from wallet_records w where w.loan_id = ${loans.id} order by w.id desc limit 1)`;
      const list = await findLoans(
        db,
        and(
          inArray(loans.lenderBusinessId, ids),
          or(
            sql`${lastTotal} > 0`,
            sql`exists (select 1 from refunds r where r.loan_id = ${loans.id})`,
          ),
        ),
      );
      const wallets = await latestWallets(
        db,
        list.map((loan) => loan.id),
      );
      return list.map((loan) => ({ ...loan, latestWallet: wallets.get(loan.id)! }));
    },
  );

  app.get<{ Params: { loanId: number } }>(
    '/loan/refund/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['refunds'],
        summary: 'A loan with its borrower, plan and wallet',
        params: idParamsSchema('loanId'),
      },
    },
    async (request) => {
      await db.transaction((tx) =>
        loanFor(tx, currentUser(request), request.params.loanId, { lenderOnly: true }),
      );
      const [loan] = await findLoans(db, eq(loans.id, request.params.loanId));
      if (!loan) throw notFound(loansText.loanNotFound);
      const wallets = await latestWallets(db, [loan.id]);
      return { ...loan, latestWallet: wallets.get(loan.id)! };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/loan/by-id-lender-business/:id/wallet-records',
    {
      onRequest: readers,
      schema: {
        tags: ['refunds'],
        summary: "A loan's wallet history (id is the loan's id)",
        params: idParamsSchema('id'),
      },
    },
    async (request) => {
      await db.transaction((tx) => loanFor(tx, currentUser(request), request.params.id));
      const rows = await db
        .select()
        .from(walletRecords)
        .where(eq(walletRecords.loanId, request.params.id))
        .orderBy(desc(walletRecords.id));
      return rows.map((row) => ({
        id: row.id,
        source: row.source,
        amount: decimalToNumber(row.amount),
        total: decimalToNumber(row.total),
        createdAt: row.createdAt,
      }));
    },
  );

  app.post<{ Body: v.InferOutput<typeof refundSchema> }>(
    '/refund/balance',
    {
      onRequest: lender,
      schema: {
        tags: ['refunds'],
        summary: "Refund an overpaid wallet to the borrower's M-Pesa (B2C)",
        body: schemaOf(refundSchema),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const amount = toCents(request.body.amount);
      b2cShillings(amount);
      if (amount % 100 !== 0) throw badRequest(moneyText.amountWhole);
      const outcome = await runIdempotent(db, request, async (tx) => {
        const [byCode] = await tx
          .select({ id: loans.id })
          .from(loans)
          .where(eq(loans.loanCode, request.body.loanCode));
        if (!byCode) throw notFound(loansText.loanNotFound);
        const loan = await loanFor(tx, user, byCode.id, { lenderOnly: true });
        // The borrower's own number, or another one only with a reason, kept with the refund.
        const [owner] = await tx
          .select({ phoneNumber: borrowers.phoneNumber })
          .from(borrowers)
          .where(eq(borrowers.id, loan.borrowerId));
        const otherNumber = owner?.phoneNumber !== request.body.phoneNumber;
        if (otherNumber && request.body.reason.length < REFUND_REASON_MIN) {
          throw badRequest(moneyText.refundReasonRequired);
        }
        const total = await walletTotal(tx, loan.id);
        if (amount > total) throw badRequest(moneyText.refundAboveWallet(formatKesText(total)));
        const row = await createRequest(tx, {
          kind: 'b2c',
          purpose: 'refund',
          lenderBusinessId: loan.lenderBusinessId,
          loanId: loan.id,
          userId: user.id,
          phoneNumber: request.body.phoneNumber,
          amount,
        });
        await tx.insert(refunds).values({
          loanId: loan.id,
          amount: centsToDecimal(amount),
          phoneNumber: request.body.phoneNumber,
          reason: otherNumber ? request.body.reason : null,
          mpesaRequestId: row.id,
          requestedByUserId: user.id,
        });
        await postWallet(tx, { loanId: loan.id, source: 'refund', amount: -amount });
        await postCapital(tx, {
          lenderBusinessId: loan.lenderBusinessId,
          source: 'refund',
          amount: -amount,
          reference: `Refund ${loan.loanCode}`,
          mpesaRequestId: row.id,
          loanId: loan.id,
        });
        return { body: { message: moneyText.refundSent }, value: row };
      });
      if (outcome.value) {
        const sent = await sendB2c(
          db,
          deps.mpesa,
          outcome.value,
          `Refund ${request.body.loanCode}`,
          request.log,
        );
        if (!sent) {
          // M-Pesa refused it and the refund was reversed: a retry may try again.
          await outcome.release();
          throw new HttpError(502, moneyText.mpesaUnavailable);
        }
      }
      return outcome.send(reply);
    },
  );
}
