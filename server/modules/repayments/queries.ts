/**
 * Reading repayments and loans' wallets, and what the
 * repayment screens share: the borrower's and the loan's columns and the businesses a
 * lender reaches.
 */
import { desc, eq } from 'drizzle-orm';
import { decimalToNumber } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { borrowers, lenderBusinesses, loanPayments, loans, walletRecords } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { loanFor } from '../loans/service';

/** The borrower as the repayment, fine and Manual Match screens show it. */
export const borrowerColumns = {
  id: borrowers.id,
  firstName: borrowers.firstName,
  lastName: borrowers.lastName,
  phoneNumber: borrowers.phoneNumber,
};

/** The loan a repayment or a fine belongs to, as those screens show it. */
export const loanSummaryColumns = {
  id: loans.id,
  loanCode: loans.loanCode,
  outstandingAmount: loans.outstandingAmount,
  status: loans.status,
};

type LoanSummaryRow = {
  loan: Pick<typeof loans.$inferSelect, keyof typeof loanSummaryColumns>;
  borrower: Pick<typeof borrowers.$inferSelect, keyof typeof borrowerColumns>;
};

/** The loan summary and its borrower, read with loanSummaryColumns and borrowerColumns. */
export function loanSummaryOf({ loan, borrower }: LoanSummaryRow) {
  return { ...loan, outstandingAmount: decimalToNumber(loan.outstandingAmount), borrower };
}

/** Ids of the businesses the user may reach (a lender's own; an agent's assigned). */
export async function myBusinessIds(db: Db, user: AuthUser): Promise<number[]> {
  if (user.role !== 'lender') return [];
  const rows = await db
    .select({ id: lenderBusinesses.id })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.lenderId, user.id));
  return rows.map((row) => row.id);
}

/** Repayments applied to a business's loans, newest first. */
export async function listRepayments(db: Db, lenderBusinessId: number) {
  const rows = await db
    .select({
      payment: loanPayments,
      loan: loanSummaryColumns,
      borrower: borrowerColumns,
    })
    .from(loanPayments)
    .innerJoin(loans, eq(loans.id, loanPayments.loanId))
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .where(eq(loanPayments.lenderBusinessId, lenderBusinessId))
    .orderBy(desc(loanPayments.id));
  return rows.map(({ payment, ...summary }) => ({
    id: payment.id,
    principalAmount: decimalToNumber(payment.principalAmount),
    interestAmount: decimalToNumber(payment.interestAmount),
    fineAmount: decimalToNumber(payment.fineAmount),
    total: decimalToNumber(payment.total),
    createdAt: payment.createdAt,
    loan: loanSummaryOf(summary),
  }));
}

/** A loan's wallet history, newest first, once the user may reach the loan. */
export async function walletRecordsOf(db: Db, user: AuthUser, loanId: number) {
  await db.transaction((tx) => loanFor(tx, user, loanId));
  const rows = await db
    .select()
    .from(walletRecords)
    .where(eq(walletRecords.loanId, loanId))
    .orderBy(desc(walletRecords.id));
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    amount: decimalToNumber(row.amount),
    total: decimalToNumber(row.total),
    createdAt: row.createdAt,
  }));
}
