/** POST /loanplan/add: the ten plan fields as JSON. */
import { invalidate, useWrite, withData, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { loanPlanSchema, loanPlanView } from '../../../domain/setup';

export type NewLoanPlan = v.InferOutput<typeof loanPlanSchema>;

export function createLoanPlan(plan: NewLoanPlan) {
  return http.post('/loanplan/add', { body: plan });
}

/** Creates a loan plan; the plans lists reload before the caller goes on. */
export function useCreateLoanPlan(
  options?: MutationOptions<AnswerWith<typeof loanPlanView>, NewLoanPlan>,
) {
  return useWrite(
    {
      mutationFn: withData(createLoanPlan),
      refresh: (queryClient) => invalidate(queryClient, 'loan-plans'),
    },
    options,
  );
}
