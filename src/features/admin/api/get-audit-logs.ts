/**
 * GET /admin/audit-logs?page&limit: administrators' actions, newest first, as
 * { data, total } (docs/architecture.md §3 "reports answer { data, total }").
 */
import { http } from '../../../api/client';
import type { AuditEntry, AuditPage } from '../../../domain/admin';

export type { AuditEntry, AuditPage };

export function getAuditLogs(page: number, limit: number): Promise<AuditPage> {
  return http.get<AuditPage>('/admin/audit-logs', { page, limit });
}
