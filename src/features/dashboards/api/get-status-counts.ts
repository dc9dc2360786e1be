/**
 * Platform totals for the admin dashboard (the spec's "Dashboard counts", "The calls it makes"):
 * GET /auth/lender/count, /lender-business/count, /agent/count, /borrower/count, each
 * answering totalCount plus per-status counts under its own key.
 */
import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { agentCountsView } from '../../../domain/agents';
import { borrowerCountKeys, type borrowerCountsView } from '../../../domain/borrowers';
import type { lenderCountsView } from '../../../domain/lender-profile';
import type { businessCountsView } from '../../../domain/setup';
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

/** Each count's answer, as its view in src/domain types it. */
type CountAnswers = {
  lenders: v.InferOutput<typeof lenderCountsView>;
  businesses: v.InferOutput<typeof businessCountsView>;
  agents: v.InferOutput<typeof agentCountsView>;
  borrowers: v.InferOutput<typeof borrowerCountsView>;
};

/** The per-status counts of each answer. */
const perStatus: { [S in CountSource]: (answer: CountAnswers[S]) => Record<string, number> } = {
  lenders: (answer) => answer.lenderStatsCounts,
  businesses: (answer) => answer.lenderBusinessStatsCounts,
  agents: (answer) => answer.agentStatsCounts,
  borrowers: (answer) => answer.borrowerStatsCounts,
};

export async function getStatusCounts<S extends CountSource>(source: S): Promise<StatusCounts> {
  const { path, statuses } = countSources[source];
  const answer = await http.get<CountAnswers[S]>(path);
  const counts = perStatus[source](answer);
  const byStatus: Record<string, number> = {};
  for (const status of statuses) byStatus[status] = counts[status] ?? 0;
  return { total: answer.totalCount, byStatus };
}

export const statusCountsQuery = (source: CountSource) =>
  queryOptions({
    queryKey: ['dashboard', 'counts', source],
    queryFn: () => getStatusCounts(source),
  });
