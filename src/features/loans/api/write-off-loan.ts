/** PATCH /loan/writeoff/{loanId}: writes off a loan in default (irreversible). */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function writeOffLoan(loanId: number) {
  return http.patch('/loan/writeoff/:id', { params: { id: loanId } });
}

/**
 * Writes off a loan in default (the variable is its id): the loans, dashboards, statements,
 * fines and reports reload.
 */
export function useWriteOffLoan(
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, number>,
) {
  return useWrite(
    {
      mutationFn: writeOffLoan,
      refresh: (queryClient) =>
        void invalidate(queryClient, 'loans', 'dashboard', 'statements', 'fines', 'reports'),
    },
    options,
  );
}
