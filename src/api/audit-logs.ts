/**
 * The administrators' audit log, which the Audit Logs page pages through and the admin
 * dashboard's Recent Activity opens with (docs/architecture.md §1): the one fetcher of
 * GET /admin/audit-logs.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '../domain/admin';
import { http } from './client';

/** GET /admin/audit-logs?page&limit: administrators' actions, newest first, as { data, total }. */
export function getAuditLogs(page: number, limit: number): Promise<AuditPage> {
  return http.get('/admin/audit-logs', { query: { page, limit } });
}

/** A decision an administrator records invalidates `audit-logs`: every page reloads. */
export const auditLogsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['audit-logs', { page, limit }],
    queryFn: () => getAuditLogs(page, limit),
  });
