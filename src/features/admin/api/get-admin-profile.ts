/** GET /admin/{id}: the signed-in administrator's name and email. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AdminProfile } from '../../../domain/admin';

export type { AdminProfile };

export function getAdminProfile(id: number): Promise<AdminProfile> {
  return http.get('/admin/:id', { params: { id } });
}

export const adminProfileQuery = (id: number) =>
  queryOptions({ queryKey: ['profile', 'admin', id], queryFn: () => getAdminProfile(id) });
