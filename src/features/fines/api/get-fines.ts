/**
 * GET /fines/for-lender-business/{businessId}: the fines of a business's loans, newest
 * first (server/modules/fines/routes.ts). Amounts are numbers with
 * at most two decimals; status is Paid when the balance is 0. A written-off loan's
 * fines are no longer collected: the cards leave them out (loan.status).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Fine } from '../../../domain/repayments';

export type { Fine };

export function getFines(businessId: number): Promise<Fine[]> {
  return http.get('/fines/for-lender-business/:id', { params: { id: businessId } });
}

export const finesQuery = (businessId: number) =>
  queryOptions({ queryKey: ['fines', businessId], queryFn: () => getFines(businessId) });
