/** PUT /loan/update-loan/{loanId}: a pending loan's plan and principal; terms recomputed. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { LoanAnswer, loanUpdateSchema } from '../../../domain/loans';

export type LoanUpdate = v.InferOutput<typeof loanUpdateSchema>;

export function updateLoan(loanId: number, update: LoanUpdate) {
  return http.put('/loan/update-loan/:loanId', { params: { loanId }, body: update });
}

/** Saves a pending loan's plan and principal; the loans and the dashboards reload. */
export function useUpdateLoan(
  options?: MutationOptions<LoanAnswer, { loanId: number; update: LoanUpdate }>,
) {
  return useWrite(
    {
      mutationFn: ({ loanId, update }: { loanId: number; update: LoanUpdate }) =>
        updateLoan(loanId, update),
      refresh: (queryClient) => void invalidate(queryClient, 'loans', 'dashboard'),
    },
    options,
  );
}
