/** POST /repayment-cycle/add: name, days, lenderBusinessId. */
import { invalidate, useWrite, withData, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { repaymentCycleSchema, repaymentCycleView } from '../../../domain/setup';

export type NewRepaymentCycle = v.InferOutput<typeof repaymentCycleSchema>;

export function createRepaymentCycle(cycle: NewRepaymentCycle) {
  return http.post('/repayment-cycle/add', { body: cycle });
}

/** Creates a repayment cycle; the cycles lists reload before the caller goes on. */
export function useCreateRepaymentCycle(
  options?: MutationOptions<AnswerWith<typeof repaymentCycleView>, NewRepaymentCycle>,
) {
  return useWrite(
    {
      mutationFn: withData(createRepaymentCycle),
      refresh: (queryClient) => invalidate(queryClient, 'repayment-cycles'),
    },
    options,
  );
}
