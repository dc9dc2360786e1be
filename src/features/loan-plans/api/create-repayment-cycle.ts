/** POST /repayment-cycle/add: name, days, lenderBusinessId. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { repaymentCycleSchema } from '../../../domain/setup';

export type NewRepaymentCycle = v.InferOutput<typeof repaymentCycleSchema>;

export function createRepaymentCycle(cycle: NewRepaymentCycle) {
  return http.post('/repayment-cycle/add', { body: cycle });
}
