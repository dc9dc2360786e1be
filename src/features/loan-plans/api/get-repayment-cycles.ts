/** GET /repayment-cycle/all-from-lender-business/{businessId}: id, name, days. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { RepaymentCycle } from '../../../domain/setup';

export type { RepaymentCycle };

export function getRepaymentCycles(businessId: number): Promise<RepaymentCycle[]> {
  return http.get('/repayment-cycle/all-from-lender-business/:businessId', {
    params: { businessId },
  });
}

export const repaymentCyclesQuery = (businessId: number) =>
  queryOptions({
    queryKey: ['repayment-cycles', businessId],
    queryFn: () => getRepaymentCycles(businessId),
  });
