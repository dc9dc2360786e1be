/**
 * The loan calculator (docs/architecture.md §4), shared by the application form and
 * the server so the figures a borrower sees are the figures stored on the loan. All in
 * integer cents; rates are percentages with at most two decimals.
 */
import type { Cents } from './money';

export type PlanTerms = {
  interestRate: number;
  processingFee: number;
  durationInDays: number;
  cycleDays: number;
};

export type Instalment = { number: number; dayOffset: number; amount: Cents };

export type LoanTerms = {
  principal: Cents;
  processingFee: Cents;
  interest: Cents;
  /** principal + interest: what the borrower owes (initialAmount). */
  total: Cents;
  /** principal − processing fee: what reaches the borrower's M-Pesa. */
  disbursement: Cents;
  /** fee + interest: the total cost of credit CBK requires us to disclose. */
  costOfCredit: Cents;
  cycles: number;
  cyclePayment: Cents;
  schedule: Instalment[];
};

/** A percentage as an integer number of hundredths of a percent (2.5% → 250). */
function basisPoints(rate: number): number {
  const bp = Math.round(rate * 100);
  if (Math.abs(bp - rate * 100) > 1e-6 || bp < 0 || bp > 10_000) {
    throw new RangeError(`rate must be 0–100 with at most two decimals: ${rate}`);
  }
  return bp;
}

/** numerator / denominator rounded half up (both non-negative integers). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

export function computeLoanTerms(principal: Cents, plan: PlanTerms): LoanTerms {
  if (!Number.isSafeInteger(principal) || principal <= 0)
    throw new RangeError('principal must be positive cents');
  if (!Number.isInteger(plan.durationInDays) || plan.durationInDays < 1)
    throw new RangeError('duration must be ≥ 1 day');
  if (!Number.isInteger(plan.cycleDays) || plan.cycleDays < 1)
    throw new RangeError('cycle must be ≥ 1 day');

  // Processing fee: rounded to whole shillings. principal × bp / 10 000, in shillings.
  const processingFee =
    divideRoundHalfUp(principal * basisPoints(plan.processingFee), 10_000 * 100) * 100;
  // Interest: to the cent.
  const interest = divideRoundHalfUp(principal * basisPoints(plan.interestRate), 10_000);
  const total = principal + interest;
  const cycles = Math.ceil(plan.durationInDays / plan.cycleDays);

  // The daily amount times the cycle length, in whole shillings; the last cycle takes the
  // remainder so the schedule sums to the total exactly.
  let cyclePayment = divideRoundHalfUp(total * plan.cycleDays, plan.durationInDays * 100) * 100;
  if (cycles > 1) cyclePayment = Math.min(cyclePayment, Math.floor(total / (cycles - 1)));
  else cyclePayment = total;
  const schedule: Instalment[] = [];
  for (let number = 1; number <= cycles; number += 1) {
    const last = number === cycles;
    schedule.push({
      number,
      dayOffset: Math.min(number * plan.cycleDays, plan.durationInDays),
      amount: last ? total - cyclePayment * (cycles - 1) : cyclePayment,
    });
  }
  return {
    principal,
    processingFee,
    interest,
    total,
    disbursement: principal - processingFee,
    costOfCredit: processingFee + interest,
    cycles,
    cyclePayment,
    schedule,
  };
}

export { daysOverdue, dueDate, OVERDUE_BADGE_DAYS } from './due-dates';
