/** GET /repayment-cycle/all-from-lender-business/{businessId}: id, name, days (the spec's "The calls it makes"). */
import { http } from '../../../api/client';

export type RepaymentCycle = { id: number; name: string; days: number; lenderBusinessId: number };

export function getRepaymentCycles(businessId: number): Promise<RepaymentCycle[]> {
  return http
    .get<RepaymentCycle[] | null>(`/repayment-cycle/all-from-lender-business/${businessId}`)
    .then((cycles) => cycles ?? []);
}
