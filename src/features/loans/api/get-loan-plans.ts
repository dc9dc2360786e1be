/** GET /loanplan/all-by-lender-business/{businessId}: the plans a loan can be given on. */
import { http } from '../../../api/client';

export type LoanPlan = {
  id: number;
  name: string;
  durationInDays: number;
  interestRate: number;
  processingFee: number;
  repaymentCycle: { name: string; days: number } | null;
};

export function getLoanPlans(businessId: number): Promise<LoanPlan[]> {
  return http
    .get<LoanPlan[] | null>(`/loanplan/all-by-lender-business/${businessId}`)
    .then((plans) => (Array.isArray(plans) ? plans : []));
}
