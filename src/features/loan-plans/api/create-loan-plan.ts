/** POST /loanplan/add: the ten plan fields as JSON (the spec's "The calls it makes"). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { loanPlanSchema } from '../../../domain/setup';
import type { LoanPlan } from './get-loan-plans';

export type NewLoanPlan = v.InferOutput<typeof loanPlanSchema>;

export function createLoanPlan(plan: NewLoanPlan) {
  return http.post<{ message?: string; data?: LoanPlan } | undefined>('/loanplan/add', plan);
}
