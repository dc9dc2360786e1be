/** GET /admin/lenders/pending (spec part 1 §7): the applications waiting for review. */
import { http } from '../../../api/client';
import type { Lender } from './get-lenders';

export function getPendingLenders(): Promise<Lender[]> {
  return http.get<Lender[] | null>('/admin/lenders/pending').then((list) => list ?? []);
}
