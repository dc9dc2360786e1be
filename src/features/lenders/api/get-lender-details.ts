/**
 * GET /auth/lender/lender-and-businesses/{id} (the spec's "The calls it makes"): one lender with
 * its businesses — everything the review page shows, and a rejected lender's reason.
 */
import { http } from '../../../api/client';
import type { Lender } from '../../../domain/lender-profile';

export function getLenderDetails(id: number | string): Promise<Lender> {
  return http.get<Lender>(`/auth/lender/lender-and-businesses/${id}`);
}
