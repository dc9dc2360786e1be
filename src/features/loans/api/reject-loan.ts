/** PUT /loan/reject/{loanId}: rejects a pending application. */
import { http } from '../../../api/client';

export function rejectLoan(loanId: number) {
  return http.put<{ message?: string } | undefined>(`/loan/reject/${loanId}`);
}
