/**
 * Platform totals for the admin dashboard:
 * GET /auth/lender/count, /lender-business/count, /agent/count, /borrower/count, each
 * answering totalCount plus per-status counts under its own key.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { borrowerCountKeys } from '../../../domain/borrowers';
import { agentStatuses, businessStatuses, countedLenderStatuses } from '../../../domain/roles';

export const countSources = {
  lenders: {
    path: '/auth/lender/count',
    statuses: countedLenderStatuses,
  },
  businesses: {
    path: '/lender-business/count',
    statuses: businessStatuses,
  },
  agents: {
    path: '/agent/count',
    statuses: agentStatuses,
  },
  borrowers: {
    path: '/borrower/count',
    statuses: borrowerCountKeys,
  },
} as const;

export type CountSource = keyof typeof countSources;
export type StatusCounts = { total: number; byStatus: Record<string, number> };

export function emptyCounts(source: CountSource): StatusCounts {
  const byStatus: Record<string, number> = {};
  for (const status of countSources[source].statuses) byStatus[status] = 0;
  return { total: 0, byStatus };
}

/** Each count's total and per-status counts, from its answer (typed by the route table). */
const readCounts: {
  [S in CountSource]: () => Promise<{ total: number; counts: Record<string, number> }>;
} = {
  lenders: async () => {
    const answer = await http.get(countSources.lenders.path);
    return { total: answer.totalCount, counts: answer.lenderStatsCounts };
  },
  businesses: async () => {
    const answer = await http.get(countSources.businesses.path);
    return { total: answer.totalCount, counts: answer.lenderBusinessStatsCounts };
  },
  agents: async () => {
    const answer = await http.get(countSources.agents.path);
    return { total: answer.totalCount, counts: answer.agentStatsCounts };
  },
  borrowers: async () => {
    const answer = await http.get(countSources.borrowers.path);
    return { total: answer.totalCount, counts: answer.borrowerStatsCounts };
  },
};

export async function getStatusCounts(source: CountSource): Promise<StatusCounts> {
  const { total, counts } = await readCounts[source]();
  const byStatus: Record<string, number> = {};
  for (const status of countSources[source].statuses) byStatus[status] = counts[status] ?? 0;
  return { total, byStatus };
}

export const statusCountsQuery = (source: CountSource) =>
  queryOptions({
    queryKey: ['dashboard', 'counts', source],
    queryFn: () => getStatusCounts(source),
  });
