/**
 * GET /auth/lender/all (the spec's "The calls it makes"): every lender with its region, identity
 * documents and businesses — the rows of the approval table and the Lenders Dashboard.
 */
import { http } from '../../../api/client';
import type { Lender, LenderBusiness } from '../../../domain/lender-profile';

export type { Lender, LenderBusiness };

export function getLenders(): Promise<Lender[]> {
  return http.get<Lender[]>('/auth/lender/all');
}
