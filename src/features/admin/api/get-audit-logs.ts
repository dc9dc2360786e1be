/**
 * GET /admin/audit-logs?page&limit: administrators' actions, newest first, as
 * { data, total } (docs/architecture.md §3 "reports answer { data, total }").
 */
import { http } from '../../../api/client';

export type AuditEntry = {
  id: number;
  /** "lender.approve", "lender.block"… */
  action: string;
  subjectType: string;
  subjectId: number;
  subjectEmail: string | null;
  details: { from?: string; to?: string; reason?: string } | null;
  at: string;
  actorEmail: string | null;
};

export type AuditPage = { data: AuditEntry[]; total: number };

export function getAuditLogs(page: number, limit: number): Promise<AuditPage> {
  return http.get<AuditPage>('/admin/audit-logs', { page, limit });
}
