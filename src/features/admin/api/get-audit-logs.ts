/**
 * GET /admin/audit-logs?page&limit: administrators' actions, newest first, as
 * { data, total } (docs/architecture.md §3 "reports answer { data, total }").
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AuditEntry, AuditPage } from '../../../domain/admin';

export type { AuditEntry, AuditPage };

export function getAuditLogs(page: number, limit: number): Promise<AuditPage> {
  return http.get<AuditPage>('/admin/audit-logs', { page, limit });
}

export const auditLogsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['audit-logs', { page, limit }],
    queryFn: () => getAuditLogs(page, limit),
  });
