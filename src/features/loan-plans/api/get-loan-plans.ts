/** GET /loanplan/all-by-lender-business/{businessId}: a business's loan plans (the spec's "Entities and their fields"). */
import { http } from '../../../api/client';

export type LoanPlan = {
  id: number;
  name: string;
  durationInDays: number;
  interestRate: number;
  processingFee: number;
  fineRateWithinLoanPeriod: number;
  fineRateOverLoanPeriod: number;
  gracePeriodWithinLoanPeriod: number;
  gracePeriodOverLoanPeriod: number;
  repaymentCycleId: number;
  lenderBusinessId: number;
  repaymentCycle: { id?: number; name: string; days: number } | null;
  lenderBusiness?: { id: number; businessName: string } | null;
};

export function getLoanPlans(businessId: number): Promise<LoanPlan[]> {
  return http
    .get<LoanPlan[] | null>(`/loanplan/all-by-lender-business/${businessId}`)
    .then((plans) => plans ?? []);
}
