/** GET /borrower/by-business/{businessId}: the borrowers who can be named as referrer. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Borrower } from '../../../domain/borrowers';

export function getReferrers(businessId: number): Promise<Borrower[]> {
  return http.get('/borrower/by-business/:businessId', { params: { businessId } });
}

export const referrersQuery = (businessId: number) =>
  queryOptions({
    queryKey: ['borrowers', { referrersOf: businessId }],
    queryFn: () => getReferrers(businessId),
  });
