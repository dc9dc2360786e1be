/** PUT /loan/reject/{loanId}: rejects a pending application. */
import { http } from '../../../api/client';

export function rejectLoan(loanId: number) {
  return http.put('/loan/reject/:loanId', { params: { loanId } });
}
