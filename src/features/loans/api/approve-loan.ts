/**
 * PUT /loan/approving-loan-for-borrower/{loanId}/{lenderBusinessId}/approve (empty body):
 * approves a pending loan and sends its disbursement amount to the borrower's M-Pesa.
 */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function approveLoan(loanId: number, lenderBusinessId: number) {
  return http.put<v.InferOutput<typeof messageAnswer>>(
    `/loan/approving-loan-for-borrower/${loanId}/${lenderBusinessId}/approve`,
  );
}
