import type { RepaymentTransaction } from '../api/get-repayment-transactions';

/** Unmatched means not verified or having no loan. */
export function isUnmatched(repayment: RepaymentTransaction): boolean {
  return !repayment.verified || repayment.loan === null;
}

/** Who paid, as M-Pesa reports it: the first name and the (masked) phone number. */
export function payerOf(repayment: RepaymentTransaction): string | null {
  const parts = [repayment.firstName, repayment.msisdn].filter((part) => part?.trim());
  return parts.length ? parts.join(' · ') : null;
}
