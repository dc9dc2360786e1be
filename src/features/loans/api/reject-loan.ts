/** PUT /loan/reject/{loanId}: rejects a pending application. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function rejectLoan(loanId: number) {
  return http.put('/loan/reject/:loanId', { params: { loanId } });
}

/** Rejects a pending application (the variable is the loan's id); the loan screens reload. */
export function useRejectLoan(
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, number>,
) {
  return useWrite(
    {
      mutationFn: rejectLoan,
      refresh: (queryClient) =>
        void invalidate(queryClient, 'loans', 'wallet', 'dashboard', 'statements'),
    },
    options,
  );
}
