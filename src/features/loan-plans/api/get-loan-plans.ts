/** GET /loanplan/all-by-lender-business/{businessId}: a business's loan plans (the spec's "Entities and their fields"). */
import { http } from '../../../api/client';
import type { LoanPlan } from '../../../domain/setup';

export type { LoanPlan };

export function getLoanPlans(businessId: number): Promise<LoanPlan[]> {
  return http.get<LoanPlan[]>(`/loanplan/all-by-lender-business/${businessId}`);
}
