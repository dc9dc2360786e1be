/**
 * The Refunds list's search and business filter (the spec's "Refunds"): the
 * borrower's full name contains the search, case-insensitive; "all" keeps every business.
 */
import { toCents } from '../../../domain/money';
import type { RefundLoan } from '../types/refund-loan';

import { ALL_BUSINESSES } from '../../../components/list-filters';

export { ALL_BUSINESSES };

export function borrowerFullName(loan: Pick<RefundLoan, 'borrower'>): string {
  return [loan.borrower.firstName, loan.borrower.lastName].filter(Boolean).join(' ');
}

export function filterRefundLoans(
  loans: RefundLoan[],
  search: string,
  businessId: string,
): RefundLoan[] {
  const needle = search.trim().toLowerCase();
  return loans.filter(
    (loan) =>
      (businessId === ALL_BUSINESSES || String(loan.lenderBusinessId) === businessId) &&
      (!needle || borrowerFullName(loan).toLowerCase().includes(needle)),
  );
}

/** Process Refund is offered only from M-Pesa's minimum up (the spec's "States and transitions", "Business constants and limits"). */
export const MIN_REFUNDABLE_TOTAL = 10;

/**
 * What a refund can send: M-Pesa pays whole shillings, so the cents of an overpayment
 * (a fine of 13.75 paid over) stay in the wallet.
 */
export function refundableAmount(loan: Pick<RefundLoan, 'latestWallet'>): number {
  return Math.floor(toCents(loan.latestWallet.total) / 100);
}

export function isRefundable(loan: Pick<RefundLoan, 'latestWallet'>): boolean {
  return refundableAmount(loan) >= MIN_REFUNDABLE_TOTAL;
}
