/** POST /repayment-cycle/add: name, days, lenderBusinessId (the spec's "The calls it makes"). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { repaymentCycleSchema, repaymentCycleView } from '../../../domain/setup';

export type NewRepaymentCycle = v.InferOutput<typeof repaymentCycleSchema>;

export function createRepaymentCycle(cycle: NewRepaymentCycle) {
  return http.post<AnswerWith<typeof repaymentCycleView>>('/repayment-cycle/add', cycle);
}
