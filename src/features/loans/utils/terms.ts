/**
 * The calculator's inputs and outputs as the screens need them. The arithmetic itself is
 * computeLoanTerms from src/domain (shared with the server); this only guards the inputs
 * a half-filled form produces and reads a stored loan's figures.
 */
import { computeLoanTerms, type LoanTerms, type PlanTerms } from '../../../domain/loan-terms';
import { toCents, type Cents } from '../../../domain/money';
import type { LoanPlan } from '../../../api/loan-plans';
import type { Loan } from '../../../domain/loans';

/** The figures a loan's summary shows, in cents. */
export type LoanFigures = Pick<
  LoanTerms,
  'principal' | 'processingFee' | 'interest' | 'total' | 'disbursement' | 'costOfCredit'
>;

/** The cents of a typed amount, or null while it is empty, zero or not an amount. */
export function principalCents(value: number | string | null | undefined): Cents | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const cents = toCents(value);
    return cents > 0 ? cents : null;
  } catch {
    return null;
  }
}

/** The loan terms for a principal and a plan, or null until both are usable. */
export function termsFor(
  principal: number | string | null | undefined,
  plan: PlanTerms | null,
): LoanTerms | null {
  const cents = principalCents(principal);
  if (cents === null || !plan) return null;
  try {
    return computeLoanTerms(cents, plan);
  } catch {
    return null;
  }
}

/** A plan's terms as the calculator takes them; null for a plan without a cycle. */
export function planTermsOfPlan(plan: LoanPlan | undefined): PlanTerms | null {
  if (!plan?.repaymentCycle) return null;
  return {
    interestRate: plan.interestRate,
    processingFee: plan.processingFee,
    durationInDays: plan.durationInDays,
    cycleDays: plan.repaymentCycle.days,
  };
}

/** The terms stored on a loan, as the calculator takes them. */
export function planTermsOfLoan(loan: Loan): PlanTerms {
  const plan = loan.lenderLoanPlan;
  return {
    interestRate: plan.interestRate,
    processingFee: plan.processingFee,
    durationInDays: plan.durationInDays,
    cycleDays: plan.cycleDays,
  };
}

/** The figures stored on a loan (the server computed them with the same arithmetic). */
export function figuresOfLoan(loan: Loan): LoanFigures {
  const processingFee = toCents(loan.processingFee);
  const interest = toCents(loan.interestAmount);
  return {
    principal: toCents(loan.principalAmount),
    processingFee,
    interest,
    total: toCents(loan.initialAmount),
    disbursement: toCents(loan.disbursementAmount),
    costOfCredit: processingFee + interest,
  };
}

/** The cost of credit as a percentage of the principal (12.5 for 12.5 %). */
export function costSharePercent(figures: LoanFigures): number {
  return figures.principal > 0 ? (figures.costOfCredit * 100) / figures.principal : 0;
}
