/**
 * Platform totals for the admin dashboard (the spec's "Dashboard counts", "The calls it makes"):
 * GET /auth/lender/count, /lender-business/count, /agent/count, /borrower/count, each
 * answering totalCount plus per-status counts under its own key.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import {
  agentStatuses,
  borrowerStatuses,
  businessStatuses,
  type LenderStatus,
} from '../../../domain/roles';

export const countSources = {
  lenders: {
    path: '/auth/lender/count',
    statsKey: 'lenderStatsCounts',
    statuses: ['New', 'Active', 'Pending', 'Rejected', 'Blocked'] satisfies LenderStatus[],
  },
  businesses: {
    path: '/lender-business/count',
    statsKey: 'lenderBusinessStatsCounts',
    statuses: businessStatuses,
  },
  agents: {
    path: '/agent/count',
    statsKey: 'agentStatsCounts',
    statuses: agentStatuses,
  },
  borrowers: {
    path: '/borrower/count',
    statsKey: 'borrowerStatsCounts',
    statuses: borrowerStatuses,
  },
} as const;

export type CountSource = keyof typeof countSources;
export type StatusCounts = { total: number; byStatus: Record<string, number> };

export function emptyCounts(source: CountSource): StatusCounts {
  const byStatus: Record<string, number> = {};
  for (const status of countSources[source].statuses) byStatus[status] = 0;
  return { total: 0, byStatus };
}

export async function getStatusCounts(source: CountSource): Promise<StatusCounts> {
  const { path, statsKey, statuses } = countSources[source];
  // Each count answers { totalCount, <statsKey>: { <status>: n } } (its schema in src/domain).
  const answer = await http.get<{ totalCount: number } & Record<string, Record<string, number>>>(
    path,
  );
  const byStatus: Record<string, number> = {};
  for (const status of statuses) byStatus[status] = answer[statsKey]?.[status] ?? 0;
  return { total: answer.totalCount, byStatus };
}

export const statusCountsQuery = (source: CountSource) =>
  queryOptions({
    queryKey: ['dashboard', 'counts', source],
    queryFn: () => getStatusCounts(source),
  });
