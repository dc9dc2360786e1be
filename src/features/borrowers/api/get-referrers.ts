/** GET /borrower/by-business/{businessId}: the borrowers who can be named as referrer. */
import { http } from '../../../api/client';
import type { Borrower } from '../../../domain/borrowers';

export function getReferrers(businessId: number): Promise<Borrower[]> {
  return http.get<Borrower[]>(`/borrower/by-business/${businessId}`);
}
