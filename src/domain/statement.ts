/**
 * A loan's statement built from its ledger (the README's "The borrower's statement and data
 * rights"): the terms and the CBK disclosure, the schedule, and every line that changed what
 * the borrower owes — the disbursement, each fine, each payment with its split (fines,
 * interest, principal), a write-off and the recoveries after it — plus refunds of
 * overpayment, each with the balance after it. The balance follows the ledgers' own rule (the
 * loan's outstanding amount = initial amount + fines − payments − (written off − recovered)),
 * so the last line's balance is the loan's outstanding amount, to the cent.
 *
 * The server builds it from the database (server/modules/statements/) and the agent's phone
 * from its working set (src/offline/working-set/), with this one function, so both answer
 * the same statement. Its sentences are the server's, English (statementEnglish).
 */
import { statementEnglish as text } from '../i18n/statement';
import type { CrbNotice } from './crb';
import type { Statement, StatementLine, StatementLineKind } from './loans';
import { computeLoanTerms } from './loan-terms';
import { centsToNumber, formatKesText, toCents, type Cents } from './money';
import type { fineKinds, LoanStatus, refundStatuses } from './loan-statuses';

type FineKind = (typeof fineKinds)[number];
type RefundStatus = (typeof refundStatuses)[number];

/** Money or a rate as the database (text) or an answer (number) carries it. */
type Figure = string | number;
/** A moment as the database (Date) or an answer (ISO text) carries it. */
type Moment = Date | string;

/** The loan's own figures, as stored at application. */
export type StatementLoan = {
  id: number;
  loanCode: string;
  status: LoanStatus;
  applicationDate: Moment;
  disbursementDate: Moment | null;
  dueDate: Moment | null;
  principalAmount: Figure;
  processingFee: Figure;
  processingFeeRate: Figure;
  interestAmount: Figure;
  interestRate: Figure;
  initialAmount: Figure;
  disbursementAmount: Figure;
  outstandingAmount: Figure;
  durationInDays: number;
  cycleDays: number;
  fineRateWithinLoanPeriod: Figure;
  fineRateOverLoanPeriod: Figure;
  gracePeriodWithinLoanPeriod: Figure;
  gracePeriodOverLoanPeriod: Figure;
};

/** What moved a loan's balance or its money, beside the loan row itself. */
export type Ledger = {
  schedule: { number: number; dayOffset: number; amount: Figure }[];
  fines: { createdAt: Moment; kind: FineKind; period: number; fineAmount: Figure }[];
  /** Payments applied to the loan, each with its M-Pesa receipt when it came by M-Pesa. */
  payments: {
    createdAt: Moment;
    total: Figure;
    fineAmount: Figure;
    interestAmount: Figure;
    principalAmount: Figure;
    receipt: { id: number; transId: string; amount: Figure } | null;
  }[];
  /** Every receipt matched to the loan; those applied to nothing were overpayment only. */
  receipts: {
    id: number;
    transId: string;
    amount: Figure;
    verified: boolean;
    at: Moment;
  }[];
  refunds: { createdAt: Moment; status: RefundStatus; amount: Figure }[];
  writeOff: { createdAt: Moment; amount: Figure; recoveredAmount: Figure } | null;
  /** The notice before adverse listing (docs/crb.md), once the loan got one. */
  crbNotice: CrbNotice | null;
};

export type StatementParts = {
  loan: StatementLoan;
  borrower: Statement['borrower'];
  /** paybillNumber only once the paybill is verified. */
  business: Statement['business'];
  ledger: Ledger;
};

const DAY_MS = 86_400_000;

/**
 * The schedule the loan calculator gives for a loan's stored terms: what the server wrote
 * for it (the working set leaves out a schedule that is exactly this, and the phone computes
 * it again).
 */
export function computedSchedule(
  loan: Pick<
    StatementLoan,
    'principalAmount' | 'interestRate' | 'processingFeeRate' | 'durationInDays' | 'cycleDays'
  >,
): { number: number; dayOffset: number; amount: number }[] {
  const terms = computeLoanTerms(toCents(loan.principalAmount), {
    interestRate: Number(loan.interestRate),
    processingFee: Number(loan.processingFeeRate),
    durationInDays: loan.durationInDays,
    cycleDays: loan.cycleDays,
  });
  return terms.schedule.map(({ number, dayOffset, amount }) => ({
    number,
    dayOffset,
    amount: centsToNumber(amount),
  }));
}

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

/**
 * A line's time, in whole seconds: a statement shows days, and the phone's copy of a
 * ledger (src/domain/working-set.ts) carries seconds, so both order lines alike (lines of
 * one second go by kind, then as recorded).
 */
const time = (moment: Moment) => new Date(Math.floor(new Date(moment).getTime() / 1000) * 1000);
const iso = (moment: Moment | null) => (moment === null ? null : new Date(moment).toISOString());

export function buildStatement(parts: StatementParts, generatedAt: Date): Statement {
  const { loan, borrower, business, ledger } = parts;
  const t = text.lines;
  const drafts: Draft[] = [];
  let sequence = 0;
  const blank = { fines: 0, interest: 0, principal: 0, overpayment: 0 };
  if (loan.disbursementDate) {
    drafts.push({
      at: time(loan.disbursementDate),
      kind: 'disbursement',
      description: t.disbursement,
      change: toCents(loan.initialAmount),
      shown: toCents(loan.initialAmount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  for (const fine of ledger.fines) {
    drafts.push({
      at: time(fine.createdAt),
      kind: 'fine',
      description: t.fine(fine.kind, fine.period),
      change: toCents(fine.fineAmount),
      shown: toCents(fine.fineAmount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  const { writeOff } = ledger;
  if (writeOff) {
    drafts.push({
      at: time(writeOff.createdAt),
      kind: 'write_off',
      description: t.writeOff,
      change: -toCents(writeOff.amount),
      shown: -toCents(writeOff.amount),
      sequence: (sequence += 1),
      ...blank,
    });
  }
  const appliedByReceipt = new Map<number, Cents>();
  for (const payment of ledger.payments) {
    const { receipt } = payment;
    const total = toCents(payment.total);
    if (receipt) appliedByReceipt.set(receipt.id, (appliedByReceipt.get(receipt.id) ?? 0) + total);
    const received = receipt ? toCents(receipt.amount) : total;
    // After a write-off a payment recovers it: it moves money, not the balance.
    const recovery =
      writeOff !== null && time(payment.createdAt).getTime() >= time(writeOff.createdAt).getTime();
    drafts.push({
      at: time(payment.createdAt),
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
  for (const receipt of ledger.receipts) {
    if (!receipt.verified || appliedByReceipt.has(receipt.id)) continue;
    drafts.push({
      at: time(receipt.at),
      kind: 'payment',
      description: `${t.payment(receipt.transId)}: ${t.overpayment}`,
      change: 0,
      shown: 0,
      ...blank,
      overpayment: centsToNumber(toCents(receipt.amount)),
      sequence: (sequence += 1),
    });
  }
  for (const refund of ledger.refunds) {
    if (refund.status === 'failed') continue;
    drafts.push({
      at: time(refund.createdAt),
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
    fines: sum(ledger.payments.map((p) => toCents(p.fineAmount))),
    interest: sum(ledger.payments.map((p) => toCents(p.interestAmount))),
    principal: sum(ledger.payments.map((p) => toCents(p.principalAmount))),
  };
  const rate = (value: Figure) => String(Number(value));
  const disbursedAt = loan.disbursementDate === null ? null : time(loan.disbursementDate);
  return {
    title: text.title,
    generatedAt: generatedAt.toISOString(),
    loan: {
      id: loan.id,
      loanCode: loan.loanCode,
      status: loan.status,
      applicationDate: time(loan.applicationDate).toISOString(),
      disbursementDate: iso(loan.disbursementDate),
      dueDate: iso(loan.dueDate),
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
      paybillNumber: business.paybillNumber,
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
    disclosure: text.disclosure({
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
    schedule: ledger.schedule.map((instalment) => ({
      number: instalment.number,
      dayOffset: instalment.dayOffset,
      dueDate: disbursedAt
        ? new Date(disbursedAt.getTime() + instalment.dayOffset * DAY_MS).toISOString()
        : null,
      amount: centsToNumber(toCents(instalment.amount)),
    })),
    lines,
    totals: {
      fines: centsToNumber(sum(ledger.fines.map((f) => toCents(f.fineAmount)))),
      paidFines: centsToNumber(paid.fines),
      paidInterest: centsToNumber(paid.interest),
      paidPrincipal: centsToNumber(paid.principal),
      paid: centsToNumber(paid.fines + paid.interest + paid.principal),
      writtenOff: writeOff ? centsToNumber(toCents(writeOff.amount)) : 0,
      recovered: writeOff ? centsToNumber(toCents(writeOff.recoveredAmount)) : 0,
      refunded: centsToNumber(
        sum(ledger.refunds.filter((r) => r.status === 'refunded').map((r) => toCents(r.amount))),
      ),
      balance: centsToNumber(balance),
      outstandingAmount: centsToNumber(toCents(loan.outstandingAmount)),
    },
    crbNotice: ledger.crbNotice,
  };
}
