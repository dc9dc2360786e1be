/** GET /admin/approvals: the acts waiting for a second administrator, oldest first. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Approval } from '../../../domain/approvals';

export function getApprovals(): Promise<Approval[]> {
  return http.get('/admin/approvals');
}

export const approvalsQuery = () =>
  queryOptions({ queryKey: ['approvals'], queryFn: getApprovals });
