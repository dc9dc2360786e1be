/** PUT /loan/reject/{loanId}: rejects a pending application. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function rejectLoan(loanId: number) {
  return http.put<v.InferOutput<typeof messageAnswer>>(`/loan/reject/${loanId}`);
}
