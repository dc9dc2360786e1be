/**
 * A loan's statement (the README's "The borrower's statement and data rights"), read from the
 * ledgers: the terms and the CBK disclosure, the schedule, and every line that changed what the
 * borrower owes — the disbursement, each fine, each payment with its split (fines, interest,
 * principal), a write-off and the recoveries after it — plus refunds of overpayment, each with the
 * balance after it. The balance follows the ledgers' own rule (the loan's outstanding amount =
 * initial amount + fines − payments − (written off − recovered)), so the last line's balance is the
 * loan's outstanding amount, to the cent.
 */
import { asc, eq } from 'drizzle-orm';
import type { Statement, StatementLine, StatementLineKind } from '../../../src/domain/loans';
import { centsToNumber, toCents, type Cents } from '../../../src/domain/money';
import { statementText } from '../../../src/i18n/statement';
import type { Tx } from '../../db/client';
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
import { formatKesText } from '../../lib/money-text';
import type { AuthUser } from '../../plugins/auth';
import { loansText } from '../../../src/i18n/loans';
import { noticesOf } from '../crb/notices';

const DAY_MS = 86_400_000;

type LoanRow = typeof loans.$inferSelect;

/** Lines in time order; on one instant, the order they happen in. */
const KIND_ORDER: Record<StatementLineKind, number> = {
  disbursement: 0,
  fine: 1,
  write_off: 2,
  payment: 3,
  recovery: 3,
  refund: 4,
};

type Draft = Omit<StatementLine, 'balance' | 'amount' | 'at'> & {
  at: Date;
  /** The change of the balance, in cents. */
  change: Cents;
  /** The amount shown (a recovery moves money but not the balance). */
  shown: Cents;
  sequence: number;
};

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

export async function loanStatement(tx: Tx, loan: LoanRow, generatedAt: Date): Promise<Statement> {
  const [owner] = await tx
    .select({ borrower: borrowers, business: lenderBusinesses })
    .from(borrowers)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loan.lenderBusinessId))
    .where(eq(borrowers.id, loan.borrowerId));
  if (!owner) throw new Error(`borrower of loan ${loan.id} not found`);
  const { borrower, business } = owner;

  const schedule = await tx
    .select()
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loan.id))
    .orderBy(asc(loanInstalments.number));
  const fineRows = await tx.select().from(fines).where(eq(fines.loanId, loan.id));
  const payments = await tx
    .select({ payment: loanPayments, receipt: mpesaRepaymentTransactions })
    .from(loanPayments)
    .leftJoin(
      mpesaRepaymentTransactions,
      eq(mpesaRepaymentTransactions.id, loanPayments.mpesaRepaymentId),
    )
    .where(eq(loanPayments.loanId, loan.id));
  // Receipts applied to nothing (the loan was already repaid): overpayment only.
  const receipts = await tx
    .select()
    .from(mpesaRepaymentTransactions)
    .where(eq(mpesaRepaymentTransactions.loanId, loan.id));
  const refundRows = await tx.select().from(refunds).where(eq(refunds.loanId, loan.id));
  const [writeOff] = await tx.select().from(writeOffs).where(eq(writeOffs.loanId, loan.id));

  const t = statementText.lines;
  const drafts: Draft[] = [];
  let sequence = 0;
  const blank = { fines: 0, interest: 0, principal: 0, overpayment: 0 };
  if (loan.disbursementDate) {
    drafts.push({
      at: loan.disbursementDate,
      kind: 'disbursement',
      description: t.disbursement,
      change: toCents(loan.initialAmount),
      shown: toCents(loan.initialAmount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  for (const fine of fineRows) {
    drafts.push({
      at: fine.createdAt,
      kind: 'fine',
      description: t.fine(fine.kind, fine.period),
      change: toCents(fine.fineAmount),
      shown: toCents(fine.fineAmount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  if (writeOff) {
    drafts.push({
      at: writeOff.createdAt,
      kind: 'write_off',
      description: t.writeOff,
      change: -toCents(writeOff.amount),
      shown: -toCents(writeOff.amount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  const appliedByReceipt = new Map<number, Cents>();
  for (const { payment, receipt } of payments) {
    const total = toCents(payment.total);
    if (receipt) appliedByReceipt.set(receipt.id, (appliedByReceipt.get(receipt.id) ?? 0) + total);
    const received = receipt ? toCents(receipt.amount) : total;
    // After a write-off a payment recovers it: it moves money, not the balance.
    const recovery = writeOff !== undefined && payment.createdAt >= writeOff.createdAt;
    drafts.push({
      at: payment.createdAt,
      kind: recovery ? 'recovery' : 'payment',
      description: recovery
        ? t.recovery(receipt?.transId ?? null)
        : t.payment(receipt?.transId ?? null),
      change: recovery ? 0 : -total,
      shown: -total,
      fines: centsToNumber(toCents(payment.fineAmount)),
      interest: centsToNumber(toCents(payment.interestAmount)),
      principal: centsToNumber(toCents(payment.principalAmount)),
      overpayment: centsToNumber(Math.max(0, received - total)),
      sequence: (sequence += 1),
    });
  }
  for (const receipt of receipts) {
    if (!receipt.verified || appliedByReceipt.has(receipt.id)) continue;
    drafts.push({
      at: receipt.matchedAt ?? receipt.createdAt,
      kind: 'payment',
      description: `${t.payment(receipt.transId)}: ${t.overpayment}`,
      change: 0,
      shown: 0,
      ...blank,
      overpayment: centsToNumber(toCents(receipt.amount)),
      sequence: (sequence += 1),
    });
  }
  for (const refund of refundRows) {
    if (refund.status === 'failed') continue;
    drafts.push({
      at: refund.createdAt,
      kind: 'refund',
      description: t.refund(refund.status),
      change: 0,
      shown: toCents(refund.amount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  drafts.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.sequence - b.sequence,
  );
  let balance: Cents = 0;
  const lines: StatementLine[] = drafts.map(({ change, shown, sequence: _s, at, ...line }) => {
    balance += change;
    return {
      ...line,
      at: at.toISOString(),
      amount: centsToNumber(shown),
      balance: centsToNumber(balance),
    };
  });

  const principal = toCents(loan.principalAmount);
  const fee = toCents(loan.processingFee);
  const interest = toCents(loan.interestAmount);
  const costOfCredit = fee + interest;
  const sum = (values: Cents[]) => values.reduce((a, b) => a + b, 0);
  const paid = {
    fines: sum(payments.map((p) => toCents(p.payment.fineAmount))),
    interest: sum(payments.map((p) => toCents(p.payment.interestAmount))),
    principal: sum(payments.map((p) => toCents(p.payment.principalAmount))),
  };
  const rate = (value: string) => String(Number(value));
  const crbNotice = (await noticesOf(tx, [loan.id])).get(loan.id) ?? null;
  return {
    title: statementText.title,
    generatedAt: generatedAt.toISOString(),
    loan: {
      id: loan.id,
      loanCode: loan.loanCode,
      status: loan.status,
      applicationDate: loan.applicationDate.toISOString(),
      disbursementDate: loan.disbursementDate?.toISOString() ?? null,
      dueDate: loan.dueDate?.toISOString() ?? null,
    },
    borrower: {
      id: borrower.id,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
      phoneNumber: borrower.phoneNumber,
      idNumber: borrower.idNumber,
    },
    business: {
      id: business.id,
      businessName: business.businessName,
      paybillNumber: business.paybillVerifiedAt ? business.paybillNumber : null,
    },
    terms: {
      principalAmount: centsToNumber(principal),
      processingFee: centsToNumber(fee),
      processingFeeRate: Number(loan.processingFeeRate),
      interestAmount: centsToNumber(interest),
      interestRate: Number(loan.interestRate),
      totalCostOfCredit: centsToNumber(costOfCredit),
      totalCostOfCreditShare: Math.round((costOfCredit / principal) * 10_000) / 100,
      initialAmount: centsToNumber(toCents(loan.initialAmount)),
      disbursementAmount: centsToNumber(toCents(loan.disbursementAmount)),
      durationInDays: loan.durationInDays,
      cycleDays: loan.cycleDays,
      fineRateWithinLoanPeriod: Number(loan.fineRateWithinLoanPeriod),
      fineRateOverLoanPeriod: Number(loan.fineRateOverLoanPeriod),
      gracePeriodWithinLoanPeriod: Number(loan.gracePeriodWithinLoanPeriod),
      gracePeriodOverLoanPeriod: Number(loan.gracePeriodOverLoanPeriod),
    },
    disclosure: statementText.disclosure({
      businessName: business.businessName,
      principal: formatKesText(principal),
      fee: formatKesText(fee),
      feeRate: rate(loan.processingFeeRate),
      interest: formatKesText(interest),
      interestRate: rate(loan.interestRate),
      costOfCredit: formatKesText(costOfCredit),
      costShare: String(Math.round((costOfCredit / principal) * 10_000) / 100),
      total: formatKesText(toCents(loan.initialAmount)),
      durationInDays: loan.durationInDays,
      fineWithin: rate(loan.fineRateWithinLoanPeriod),
      graceWithin: rate(loan.gracePeriodWithinLoanPeriod),
      fineOver: rate(loan.fineRateOverLoanPeriod),
      graceOver: rate(loan.gracePeriodOverLoanPeriod),
      cycleDays: loan.cycleDays,
    }),
    schedule: schedule.map((instalment) => ({
      number: instalment.number,
      dayOffset: instalment.dayOffset,
      dueDate: loan.disbursementDate
        ? new Date(loan.disbursementDate.getTime() + instalment.dayOffset * DAY_MS).toISOString()
        : null,
      amount: centsToNumber(toCents(instalment.amount)),
    })),
    lines,
    totals: {
      fines: centsToNumber(sum(fineRows.map((f) => toCents(f.fineAmount)))),
      paidFines: centsToNumber(paid.fines),
      paidInterest: centsToNumber(paid.interest),
      paidPrincipal: centsToNumber(paid.principal),
      paid: centsToNumber(paid.fines + paid.interest + paid.principal),
      writtenOff: writeOff ? centsToNumber(toCents(writeOff.amount)) : 0,
      recovered: writeOff ? centsToNumber(toCents(writeOff.recoveredAmount)) : 0,
      refunded: centsToNumber(
        sum(refundRows.filter((r) => r.status === 'refunded').map((r) => toCents(r.amount))),
      ),
      balance: centsToNumber(balance),
      outstandingAmount: centsToNumber(toCents(loan.outstandingAmount)),
    },
    crbNotice,
  };
}
