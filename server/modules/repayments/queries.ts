/**
 * Reading repayments (the spec's "Repayment") and loans' wallets, and what the
 * repayment screens share: the borrower's columns and the businesses a lender reaches.
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
    .where(eq(loanPayments.lenderBusinessId, lenderBusinessId))
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
