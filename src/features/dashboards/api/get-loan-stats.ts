/**
 * Pending and active loan totals: one agent's
 * from GET /loan/all-stats-for-lender-business-by-agent/{businessId}/{agentId}; a business's
 * (get-business-loan-stats.ts) are read by the Loans page's fetcher of GET /loan/data/{id}.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { LoanStats as LoanStatsAnswer } from '../../../domain/loans';

export type LoanStats = {
  pendingAmount: number;
  pendingCount: number;
  activeAmount: number;
  activeCount: number;
};

export const emptyLoanStats: LoanStats = {
  pendingAmount: 0,
  pendingCount: 0,
  activeAmount: 0,
  activeCount: 0,
};

/** The figures the cards show, from either answer. */
export function toLoanStats(answer: LoanStatsAnswer): LoanStats {
  return {
    pendingAmount: answer.totalPending,
    pendingCount: answer.statusCounts.pending,
    activeAmount: answer.totalActiveAmount,
    activeCount: answer.statusCounts.active,
  };
}

export async function getAgentLoanStats(
  lenderBusinessId: number,
  agentId: number,
): Promise<LoanStats> {
  return toLoanStats(
    await http.get('/loan/all-stats-for-lender-business-by-agent/:lenderBusinessId/:agentId', {
      params: { lenderBusinessId, agentId },
    }),
  );
}

export const agentLoanStatsQuery = (lenderBusinessId: number, agentId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'loan-stats', lenderBusinessId, { agentId }],
    queryFn: () => getAgentLoanStats(lenderBusinessId, agentId),
  });
