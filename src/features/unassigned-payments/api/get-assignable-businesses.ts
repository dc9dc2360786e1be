/** GET /admin/lender-business: the businesses a payment can be given to, with their lender. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AssignableBusiness } from '../../../domain/paybills';

export type { AssignableBusiness };

export function getAssignableBusinesses(): Promise<AssignableBusiness[]> {
  return http.get('/admin/lender-business');
}

export const assignableBusinessesQuery = () =>
  queryOptions({ queryKey: ['businesses', 'assignable'], queryFn: getAssignableBusinesses });
