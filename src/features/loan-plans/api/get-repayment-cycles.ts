/** GET /repayment-cycle/all-from-lender-business/{businessId}: id, name, days (spec part 2 §7). */
import { http } from '../../../api/client';

export type RepaymentCycle = { id: number; name: string; days: number; lenderBusinessId: number };

export function getRepaymentCycles(businessId: number): Promise<RepaymentCycle[]> {
  return http
    .get<RepaymentCycle[] | null>(`/repayment-cycle/all-from-lender-business/${businessId}`)
    .then((cycles) => cycles ?? []);
}
