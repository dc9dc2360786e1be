/** POST /loanplan/add: the ten plan fields as JSON. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { loanPlanSchema } from '../../../domain/setup';

export type NewLoanPlan = v.InferOutput<typeof loanPlanSchema>;

export function createLoanPlan(plan: NewLoanPlan) {
  return http.post('/loanplan/add', { body: plan });
}
