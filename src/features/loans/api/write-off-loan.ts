/** PATCH /loan/writeoff/{loanId}: writes off a loan in default (irreversible). */
import { http } from '../../../api/client';

export function writeOffLoan(loanId: number) {
  return http.patch('/loan/writeoff/:id', { params: { id: loanId } });
}
