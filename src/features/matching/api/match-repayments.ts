/**
 * POST /manual-match/transaction: {loanId, mpesaLoanRepaymentId} for
 * one repayment, {loanId, mpesaLoanRepaymentIds[]} for several; answers a message.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
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

/**
 * Matches repayments to a loan. A matched repayment pays its loan: every screen showing the
 * repayments, their loan and its money reloads.
 */
export function useMatchRepayments(
  options?: MutationOptions<
    v.InferOutput<typeof messageAnswer>,
    { loanId: number; repaymentIds: readonly number[] }
  >,
) {
  return useWrite(
    {
      mutationFn: ({ loanId, repaymentIds }: { loanId: number; repaymentIds: readonly number[] }) =>
        matchRepayments(loanId, repaymentIds),
      refresh: (queryClient) =>
        void invalidate(
          queryClient,
          'matching',
          'repayments',
          'loans',
          'fines',
          'wallet',
          'statements',
          'dashboard',
        ),
    },
    options,
  );
}
