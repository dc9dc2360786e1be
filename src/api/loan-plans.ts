/**
 * A business's loan plans, which the Loan Plans screen lists and the loan application
 * and edit forms choose from (docs/architecture.md §1): one fetcher, typed by the
 * answer's schema.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LoanPlan } from '../domain/setup';
import { http } from './client';

export type { LoanPlan };

/** GET /loanplan/all-by-lender-business/{businessId}. */
export function getLoanPlans(businessId: number): Promise<LoanPlan[]> {
  return http.get('/loanplan/all-by-lender-business/:businessId', { params: { businessId } });
}

export const loanPlansQuery = (businessId: number) =>
  queryOptions({ queryKey: ['loan-plans', businessId], queryFn: () => getLoanPlans(businessId) });
