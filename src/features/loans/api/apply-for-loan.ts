/** POST /loan/apply: files a loan application; the server stores the computed terms. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { LoanAnswer, loanApplicationSchema } from '../../../domain/loans';

export type LoanApplication = v.InferOutput<typeof loanApplicationSchema>;

/** Where an application goes, online and from the outbox (docs/architecture.md §7). */
export const LOAN_APPLY_PATH = '/loan/apply' satisfies PathOf<'POST'>;

export function applyForLoan(application: LoanApplication): Promise<LoanAnswer> {
  return http.post(LOAN_APPLY_PATH, { body: application });
}
