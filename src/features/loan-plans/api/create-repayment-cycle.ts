/** POST /repayment-cycle/add: name, days, lenderBusinessId (the spec's "The calls it makes"). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { repaymentCycleSchema } from '../../../domain/setup';
import type { RepaymentCycle } from './get-repayment-cycles';

export type NewRepaymentCycle = v.InferOutput<typeof repaymentCycleSchema>;

export function createRepaymentCycle(cycle: NewRepaymentCycle) {
  return http.post<{ message?: string; data?: RepaymentCycle } | undefined>(
    '/repayment-cycle/add',
    cycle,
  );
}
