/** PATCH /loan/writeoff/{loanId}: writes off a loan in default (irreversible). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function writeOffLoan(loanId: number) {
  return http.patch<v.InferOutput<typeof messageAnswer>>(`/loan/writeoff/${loanId}`);
}
