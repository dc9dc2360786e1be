/** POST /loan/apply: files a loan application; the server stores the computed terms. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { loanApplicationSchema } from '../../../domain/loans';
import type { Loan } from './get-loans';

export type LoanApplication = v.InferOutput<typeof loanApplicationSchema>;

export function applyForLoan(application: LoanApplication) {
  return http.post<{ message: string; data: Loan }>('/loan/apply', application);
}
