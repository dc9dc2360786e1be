/** PUT /loan/update-loan/{loanId}: a pending loan's plan and principal; terms recomputed. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { loanUpdateSchema } from '../../../domain/loans';

export type LoanUpdate = v.InferOutput<typeof loanUpdateSchema>;

export function updateLoan(loanId: number, update: LoanUpdate) {
  return http.put('/loan/update-loan/:loanId', { params: { loanId }, body: update });
}
