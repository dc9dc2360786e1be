/**
 * GET /auth/lender/lender-and-businesses/{id}: one lender with
 * its businesses — everything the review page shows, the lender's own profile, and a
 * rejected lender's reason.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Lender } from '../../../domain/lender-profile';

export function getLenderDetails(id: number): Promise<Lender> {
  return http.get('/auth/lender/lender-and-businesses/:id', { params: { id } });
}

/** One lender; the review page and the lender's own profile share it. */
export const lenderDetailsQuery = (id: number) =>
  queryOptions({ queryKey: ['lenders', id], queryFn: () => getLenderDetails(id) });
