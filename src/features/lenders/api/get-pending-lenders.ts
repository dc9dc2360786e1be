/** GET /admin/lenders/pending: the applications waiting for review. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Lender } from '../../../domain/lender-profile';

export function getPendingLenders(): Promise<Lender[]> {
  return http.get('/admin/lenders/pending');
}

export const pendingLendersQuery = () =>
  queryOptions({ queryKey: ['lenders', { status: 'Pending' }], queryFn: getPendingLenders });
