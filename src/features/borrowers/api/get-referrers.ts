/** GET /borrower/by-business/{businessId}: the borrowers who can be named as referrer. */
import { http } from '../../../api/client';
import type { Borrower } from '../types/borrower';

export function getReferrers(businessId: number): Promise<Borrower[]> {
  return http.get<Borrower[] | null>(`/borrower/by-business/${businessId}`).then((l) => l ?? []);
}
