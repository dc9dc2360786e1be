/**
 * The admin dashboard's Recent Activity: the newest entries of the audit log, its first
 * page as the Audit Logs page's fetcher reads it (GET /admin/audit-logs).
 */
import { queryOptions } from '@tanstack/react-query';
import { auditLogsQuery } from '../../../api/audit-logs';
import type { AuditEntry, AuditPage } from '../../../domain/admin';

export type { AuditEntry };

export const RECENT_ACTIVITY_COUNT = 5;

const entriesOf = (page: AuditPage): AuditEntry[] => page.data;

export const recentActivityQuery = () =>
  queryOptions({ ...auditLogsQuery(1, RECENT_ACTIVITY_COUNT), select: entriesOf });
