/**
 * Manual Match: the M-Pesa repayments to a lender's
 * paybills, matched or not, and matching unmatched ones to a loan.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { matchableLoanStatuses } from '../../../src/domain/loans';
import { decimalToNumber, toCents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Db, Tx } from '../../db/client';
import { borrowers, loans, mpesaRepaymentTransactions } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { loanFor } from '../loans/service';
import { borrowerColumns, myBusinessIds } from '../repayments/queries';
import { receiveRepayment } from '../repayments/service';

/** Every M-Pesa repayment to the lender's businesses' paybills, newest first. */
export async function listRepaymentTransactions(db: Db, user: AuthUser) {
  const ids = await myBusinessIds(db, user);
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
}

/**
 * Matches the lender's unmatched repayments (same business as the loan) to a repayable
 * loan and applies each, in the caller's transaction.
 */
export async function matchRepayments(tx: Tx, user: AuthUser, loanId: number, ids: number[]) {
  const loan = await loanFor(tx, user, loanId, { lenderOnly: true });
  if (!(matchableLoanStatuses as readonly string[]).includes(loan.status))
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
    if (row.lenderBusinessId !== loan.lenderBusinessId) throw notFound(moneyText.repaymentNotFound);
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
}
