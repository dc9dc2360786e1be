/**
 * Refunds: the loans whose wallet holds an overpayment, and a
 * refund of it to the borrower's M-Pesa — written here in the caller's transaction,
 * sent by B2C once it committed.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { centsToDecimal, decimalToNumber, toCents } from '../../../src/domain/money';
import { REFUND_REASON_MIN, type refundSchema } from '../../../src/domain/refunds';
import type { LatestWallet } from '../../../src/domain/repayments';
import { loansText } from '../../../src/i18n/loans';
import { moneyText } from '../../../src/i18n/money';
import { refundsText } from '../../../src/i18n/refunds';
import type { Db, Tx } from '../../db/client';
import { borrowers, loans, refunds, walletRecords } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import { requireRecentFactor } from '../auth/factor';
import type { AuthUser } from '../../plugins/auth';
import { postCapital } from '../capital/ledger';
import { findLoans } from '../loans/queries';
import { loanFor } from '../loans/service';
import { b2cShillings, createRequest } from '../mpesa/requests';
import { myBusinessIds } from '../repayments/queries';
import { postWallet, walletTotal } from '../repayments/service';

/**
 * The wallet summaries the refund screens show (total and the latest refund), for many
 * loans in two queries: the newest wallet record and the newest refund of each loan.
 */
async function latestWallets(db: Db, loanIds: number[]): Promise<Map<number, LatestWallet>> {
  const summaries = new Map<number, LatestWallet>(
    loanIds.map((id) => [
      id,
      { total: 0, refund: { refunded: 'notrefunded', amount: 0, status: null } },
    ]),
  );
  if (!loanIds.length) return summaries;
  // One snapshot for both reads: a refund settled between them would show as failed with
  // its money not yet back (read skew under READ COMMITTED).
  return db.transaction(
    async (tx) => {
      await readLatestWallets(tx, loanIds, summaries);
      return summaries;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function readLatestWallets(
  db: Tx,
  loanIds: number[],
  summaries: Map<number, LatestWallet>,
): Promise<void> {
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
}

/** The lender's loans with an overpaid wallet or a refund, each with its latest wallet. */
export async function listRefundable(db: Db, user: AuthUser) {
  const ids = await myBusinessIds(db, user);
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
}

/** One of the lender's loans with its borrower, plan and latest wallet. */
export async function refundLoan(db: Db, user: AuthUser, loanId: number) {
  await db.transaction((tx) => loanFor(tx, user, loanId, { lenderOnly: true }));
  const [loan] = await findLoans(db, eq(loans.id, loanId));
  if (!loan) throw notFound(loansText.loanNotFound);
  const wallets = await latestWallets(db, [loan.id]);
  return { ...loan, latestWallet: wallets.get(loan.id)! };
}

/** The refund's amount in cents: whole shillings M-Pesa can pay (refused otherwise). */
export function refundCents(shillings: number) {
  const amount = toCents(shillings);
  b2cShillings(amount);
  if (amount % 100 !== 0) throw badRequest(moneyText.amountWhole);
  return amount;
}

/**
 * Writes a refund of the wallet in the caller's transaction: the B2C request, the refund
 * (to the borrower's own number, or another one only with a reason, kept with it), and
 * the wallet and capital debits. Answers the request to send once it committed.
 */
export async function startRefund(
  tx: Tx,
  user: AuthUser,
  input: v.InferOutput<typeof refundSchema>,
  amount: number,
) {
  const [byCode] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(eq(loans.loanCode, input.loanCode));
  if (!byCode) throw notFound(loansText.loanNotFound);
  const loan = await loanFor(tx, user, byCode.id, { lenderOnly: true });
  const [owner] = await tx
    .select({ phoneNumber: borrowers.phoneNumber })
    .from(borrowers)
    .where(eq(borrowers.id, loan.borrowerId));
  const otherNumber = owner?.phoneNumber !== input.phoneNumber;
  if (otherNumber && input.reason.length < REFUND_REASON_MIN) {
    throw badRequest(refundsText.refundReasonRequired);
  }
  // Money to a number that is not the borrower's: a second factor is asked again after 15 minutes.
  if (otherNumber) requireRecentFactor(user);
  const total = await walletTotal(tx, loan.id);
  if (amount > total) throw badRequest(refundsText.refundAboveWallet(formatKesText(total)));
  const row = await createRequest(tx, {
    kind: 'b2c',
    purpose: 'refund',
    lenderBusinessId: loan.lenderBusinessId,
    loanId: loan.id,
    userId: user.id,
    phoneNumber: input.phoneNumber,
    amount,
  });
  await tx.insert(refunds).values({
    loanId: loan.id,
    amount: centsToDecimal(amount),
    phoneNumber: input.phoneNumber,
    reason: otherNumber ? input.reason : null,
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
  return row;
}
