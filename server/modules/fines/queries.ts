/** Reading fines: a business's, newest first. */
import { desc, eq } from 'drizzle-orm';
import { decimalToNumber, toCents } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { borrowers, fines, loans } from '../../db/schema';
import { borrowerColumns, loanSummaryColumns, loanSummaryOf } from '../repayments/queries';

/** The fines of a business's loans, by the day they were drawn for, newest first. */
export async function listFines(db: Db, lenderBusinessId: number) {
  const rows = await db
    .select({
      fine: fines,
      loan: loanSummaryColumns,
      borrower: borrowerColumns,
    })
    .from(fines)
    .innerJoin(loans, eq(loans.id, fines.loanId))
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .where(eq(fines.lenderBusinessId, lenderBusinessId))
    .orderBy(desc(fines.accruedOn), desc(fines.id));
  return rows.map(({ fine, ...summary }) => ({
    id: fine.id,
    kind: fine.kind,
    period: fine.period,
    fineAmount: decimalToNumber(fine.fineAmount),
    fineRate: decimalToNumber(fine.fineRate),
    fineBalance: decimalToNumber(fine.fineBalance),
    paymentDate: fine.paymentDate,
    accruedOn: fine.accruedOn,
    status: toCents(fine.fineBalance) === 0 ? ('Paid' as const) : ('Unpaid' as const),
    createdAt: fine.createdAt,
    loan: loanSummaryOf(summary),
  }));
}
