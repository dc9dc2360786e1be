/**
 * The admin dashboard's Recent Activity: the newest entries of the audit log
 * (GET /admin/audit-logs, first page).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AuditEntry, AuditPage } from '../../../domain/admin';

export type { AuditEntry };

export const RECENT_ACTIVITY_COUNT = 5;

export async function getRecentActivity(): Promise<AuditEntry[]> {
  const answer = await http.get<AuditPage>('/admin/audit-logs', {
    page: 1,
    limit: RECENT_ACTIVITY_COUNT,
  });
  return answer.data;
}

export const recentActivityQuery = () =>
  queryOptions({ queryKey: ['audit-logs', 'recent'], queryFn: getRecentActivity });
