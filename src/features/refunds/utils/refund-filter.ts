/**
 * The Refunds list's search and business filter: the
 * borrower's full name contains the search, case-insensitive; "all" keeps every business.
 */
import { toCents } from '../../../domain/money';
import type { RefundLoan } from '../../../domain/repayments';

import { ALL_BUSINESSES } from '../../../components/list-filters';
import { personName } from '../../../lib/names';

export { ALL_BUSINESSES };

type Named = { borrower: Pick<RefundLoan['borrower'], 'firstName' | 'lastName'> };

export function filterRefundLoans<L extends Named & Pick<RefundLoan, 'lenderBusinessId'>>(
  loans: L[],
  search: string,
  businessId: string,
): L[] {
  const needle = search.trim().toLowerCase();
  return loans.filter(
    (loan) =>
      (businessId === ALL_BUSINESSES || String(loan.lenderBusinessId) === businessId) &&
      (!needle || personName(loan.borrower).toLowerCase().includes(needle)),
  );
}

/** Process Refund is offered only from M-Pesa's minimum up. */
export const MIN_REFUNDABLE_TOTAL = 10;

/**
 * What a refund can send: M-Pesa pays whole shillings, so the cents of an overpayment
 * (a fine of 13.75 paid over) stay in the wallet.
 */
export function refundableAmount(loan: {
  latestWallet: Pick<RefundLoan['latestWallet'], 'total'>;
}): number {
  return Math.floor(toCents(loan.latestWallet.total) / 100);
}

export function isRefundable(loan: {
  latestWallet: Pick<RefundLoan['latestWallet'], 'total'>;
}): boolean {
  return refundableAmount(loan) >= MIN_REFUNDABLE_TOTAL;
}
