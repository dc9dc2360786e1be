/**
 * POST /manual-match/transaction: {loanId, mpesaLoanRepaymentId} for
 * one repayment, {loanId, mpesaLoanRepaymentIds[]} for several; answers a message.
 */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function matchRepayments(
  loanId: number,
  repaymentIds: readonly number[],
): Promise<v.InferOutput<typeof messageAnswer>> {
  const body =
    repaymentIds.length === 1
      ? { loanId, mpesaLoanRepaymentId: repaymentIds[0] }
      : { loanId, mpesaLoanRepaymentIds: [...repaymentIds] };
  return http.post('/manual-match/transaction', { body });
}
