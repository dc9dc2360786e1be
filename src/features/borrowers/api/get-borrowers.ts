/** GET /borrower/all/{userId}/{businessId}: the borrowers of the selected business. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Borrower } from '../../../domain/borrowers';

export function getBorrowers(userId: number, businessId: number): Promise<Borrower[]> {
  return http.get<Borrower[]>(`/borrower/all/${userId}/${businessId}`);
}

export const borrowersQuery = (userId: number, businessId: number) =>
  queryOptions({
    queryKey: ['borrowers', { userId, businessId }],
    queryFn: () => getBorrowers(userId, businessId),
  });
