/** GET /loan/refund/{loanId}: one loan with its borrower, plan, business and wallet. */
import { http } from '../../../api/client';
import type { RefundLoan } from '../../../domain/repayments';

export type { RefundLoan };

export function getRefundLoan(loanId: number): Promise<RefundLoan> {
  return http.get<RefundLoan>(`/loan/refund/${loanId}`);
}
