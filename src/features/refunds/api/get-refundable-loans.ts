/**
 * GET /loan/refundable: the lender's loans whose wallet holds an overpayment or that
 * had a refund (the spec's "The calls it makes"), each with its latest wallet (server/modules/repayments).
 */
import { http } from '../../../api/client';
import type { RefundLoan } from '../types/refund-loan';

export function getRefundableLoans(): Promise<RefundLoan[]> {
  return http
    .get<RefundLoan[] | null>('/loan/refundable')
    .then((loans) => (Array.isArray(loans) ? loans : []));
}
