/**
 * POST /manual-match/transaction (the spec's "The calls it makes"): {loanId, mpesaLoanRepaymentId} for
 * one repayment, {loanId, mpesaLoanRepaymentIds[]} for several; answers a message.
 */
import { http } from '../../../api/client';

export function matchRepayments(loanId: number, repaymentIds: readonly number[]) {
  const body =
    repaymentIds.length === 1
      ? { loanId, mpesaLoanRepaymentId: repaymentIds[0] }
      : { loanId, mpesaLoanRepaymentIds: [...repaymentIds] };
  return http.post<{ message?: string } | undefined>('/manual-match/transaction', body);
}
