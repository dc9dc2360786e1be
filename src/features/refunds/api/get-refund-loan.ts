/** GET /loan/refund/{loanId}: one loan with its borrower, plan, business and wallet. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { RefundLoan } from '../../../domain/repayments';

export type { RefundLoan };

export function getRefundLoan(loanId: number): Promise<RefundLoan> {
  return http.get('/loan/refund/:loanId', { params: { loanId } });
}

export const refundLoanQuery = (loanId: number) =>
  queryOptions({ queryKey: ['refunds', loanId], queryFn: () => getRefundLoan(loanId) });
