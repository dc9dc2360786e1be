/**
 * GET /auth/lender/lender-and-businesses/{id} (the spec's "The calls it makes"): one application, with
 * everything the review page shows.
 */
import { http } from '../../../api/client';
import type { Lender } from './get-lenders';

export function getLenderDetails(id: number | string): Promise<Lender> {
  return http.get<Lender>(`/auth/lender/lender-and-businesses/${id}`);
}
