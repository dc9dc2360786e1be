/** POST /loan/apply: files a loan application; the server stores the computed terms. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { LoanAnswer, loanApplicationSchema } from '../../../domain/loans';

export type LoanApplication = v.InferOutput<typeof loanApplicationSchema>;

export function applyForLoan(application: LoanApplication) {
  return http.post<LoanAnswer>('/loan/apply', application);
}
