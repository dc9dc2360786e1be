/** GET /admin/administrators: the platform's administrators (the super admin's list). */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Administrator } from '../../../domain/administrators';

export function getAdministrators(): Promise<Administrator[]> {
  return http.get('/admin/administrators');
}

export const administratorsQuery = () =>
  queryOptions({ queryKey: ['administrators'], queryFn: getAdministrators });
