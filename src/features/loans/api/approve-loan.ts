/**
 * PUT /loan/approving-loan-for-borrower/{loanId}/{lenderBusinessId}/approve (empty body):
 * approves a pending loan and sends its disbursement amount to the borrower's M-Pesa.
 */
import { http } from '../../../api/client';

export function approveLoan(loanId: number, lenderBusinessId: number) {
  return http.put('/loan/approving-loan-for-borrower/:loanId/:lenderBusinessId/approve', {
    params: { loanId, lenderBusinessId },
  });
}
