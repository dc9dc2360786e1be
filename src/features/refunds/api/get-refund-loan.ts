/** GET /loan/refund/{loanId}: one loan with its borrower, plan, business and wallet. */
import { http } from '../../../api/client';
import type { RefundLoan } from '../types/refund-loan';

export function getRefundLoan(loanId: number): Promise<RefundLoan | undefined> {
  return http.get<RefundLoan | undefined>(`/loan/refund/${loanId}`);
}
