/**
 * A loan's statement (the README's "The borrower's statement and data rights"), read from the
 * ledgers: the terms and the CBK disclosure, the schedule, and every line that changed what the
 * borrower owes — the disbursement, each fine, each payment with its split (fines, interest,
 * principal), a write-off and the recoveries after it — plus refunds of overpayment, each with the
 * balance after it. The balance follows the ledgers' own rule (the loan's outstanding amount =
 * initial amount + fines − payments − (written off − recovered)), so the last line's balance is the
 * loan's outstanding amount, to the cent.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Statement } from '../../../src/domain/loans';
import { buildStatement, type Ledger } from '../../../src/domain/statement';
import type { Tx } from '../../db/client';
import { noticesOf } from '../crb/notices';
import {
  borrowers,
  fines,
  lenderBusinesses,
  loanInstalments,
  loans,
  loanPayments,
  mpesaRepaymentTransactions,
  refunds,
  writeOffs,
} from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { loansText } from '../../../src/i18n/loans';

type LoanRow = typeof loans.$inferSelect;

/** The loan if this user may read its statement, else 404. */
export async function statementLoanFor(tx: Tx, user: AuthUser, loanId: number) {
  const [row] = await tx
    .select({ loan: loans, lenderId: lenderBusinesses.lenderId })
    .from(loans)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loans.lenderBusinessId))
    .where(eq(loans.id, loanId));
  const allowed =
    row &&
    ((user.role === 'lender' && row.lenderId === user.id) ||
      (user.role === 'agent' &&
        (row.loan.requesterUserId === user.id || row.loan.approverUserId === user.id)) ||
      user.role === 'admin' ||
      user.role === 'super_admin');
  if (!allowed) throw notFound(loansText.loanNotFound);
  return row.loan;
}

/**
 * The ledgers of `loanIds`, by loan id (every id given has one, empty when nothing moved):
 * the statement's lines and the agent's working set read them.
 */
export async function ledgersOf(tx: Tx, loanIds: number[]): Promise<Map<number, Ledger>> {
  const byLoan = new Map<number, Ledger>(
    loanIds.map((id) => [
      id,
      {
        schedule: [],
        fines: [],
        payments: [],
        receipts: [],
        refunds: [],
        writeOff: null,
        crbNotice: null,
      },
    ]),
  );
  if (loanIds.length === 0) return byLoan;
  const of = (loanId: number | null) => byLoan.get(loanId!)!;
  const [schedule, fineRows, payments, receipts, refundRows, writeOffRows, notices] =
    await Promise.all([
      tx
        .select({
          loanId: loanInstalments.loanId,
          number: loanInstalments.number,
          dayOffset: loanInstalments.dayOffset,
          amount: loanInstalments.amount,
        })
        .from(loanInstalments)
        .where(inArray(loanInstalments.loanId, loanIds))
        .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number)),
      tx
        .select({
          loanId: fines.loanId,
          createdAt: fines.createdAt,
          kind: fines.kind,
          period: fines.period,
          fineAmount: fines.fineAmount,
        })
        .from(fines)
        .where(inArray(fines.loanId, loanIds))
        .orderBy(asc(fines.id)),
      tx
        .select({ payment: loanPayments, receipt: mpesaRepaymentTransactions })
        .from(loanPayments)
        .leftJoin(
          mpesaRepaymentTransactions,
          eq(mpesaRepaymentTransactions.id, loanPayments.mpesaRepaymentId),
        )
        .where(inArray(loanPayments.loanId, loanIds))
        .orderBy(asc(loanPayments.id)),
      tx
        .select()
        .from(mpesaRepaymentTransactions)
        .where(inArray(mpesaRepaymentTransactions.loanId, loanIds))
        .orderBy(asc(mpesaRepaymentTransactions.id)),
      tx
        .select({
          loanId: refunds.loanId,
          createdAt: refunds.createdAt,
          status: refunds.status,
          amount: refunds.amount,
        })
        .from(refunds)
        .where(inArray(refunds.loanId, loanIds))
        .orderBy(asc(refunds.id)),
      tx.select().from(writeOffs).where(inArray(writeOffs.loanId, loanIds)),
      noticesOf(tx, loanIds),
    ]);
  for (const { loanId, ...instalment } of schedule) of(loanId).schedule.push(instalment);
  for (const { loanId, ...fine } of fineRows) of(loanId).fines.push(fine);
  for (const { payment, receipt } of payments) {
    of(payment.loanId).payments.push({
      createdAt: payment.createdAt,
      total: payment.total,
      fineAmount: payment.fineAmount,
      interestAmount: payment.interestAmount,
      principalAmount: payment.principalAmount,
      receipt: receipt && { id: receipt.id, transId: receipt.transId, amount: receipt.amount },
    });
  }
  for (const receipt of receipts) {
    of(receipt.loanId).receipts.push({
      id: receipt.id,
      transId: receipt.transId,
      amount: receipt.amount,
      verified: receipt.verified,
      at: receipt.matchedAt ?? receipt.createdAt,
    });
  }
  for (const { loanId, ...refund } of refundRows) of(loanId).refunds.push(refund);
  for (const writeOff of writeOffRows) {
    of(writeOff.loanId).writeOff = {
      createdAt: writeOff.createdAt,
      amount: writeOff.amount,
      recoveredAmount: writeOff.recoveredAmount,
    };
  }
  for (const [loanId, notice] of notices) of(loanId).crbNotice = notice;
  return byLoan;
}

export async function loanStatement(tx: Tx, loan: LoanRow, generatedAt: Date): Promise<Statement> {
  const [owner] = await tx
    .select({ borrower: borrowers, business: lenderBusinesses })
    .from(borrowers)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loan.lenderBusinessId))
    .where(eq(borrowers.id, loan.borrowerId));
  if (!owner) throw new Error(`borrower of loan ${loan.id} not found`);
  const { borrower, business } = owner;
  const ledger = (await ledgersOf(tx, [loan.id])).get(loan.id)!;
  return buildStatement(
    {
      loan,
      borrower,
      business: {
        id: business.id,
        businessName: business.businessName,
        paybillNumber: business.paybillVerifiedAt ? business.paybillNumber : null,
      },
      ledger,
    },
    generatedAt,
  );
}
