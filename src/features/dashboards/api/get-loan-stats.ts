/**
 * Pending and active loan totals (the spec's "Loan stats", "The calls it makes"): a business's from
 * GET /loan/data/{id} (its one fetcher is in src/api/loans.ts), one agent's from
 * GET /loan/all-stats-for-lender-business-by-agent/{businessId}/{agentId}.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { loanStatsQuery } from '../../../api/loans';
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

function toLoanStats(answer: LoanStatsAnswer): LoanStats {
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
    await http.get<LoanStatsAnswer>(
      `/loan/all-stats-for-lender-business-by-agent/${lenderBusinessId}/${agentId}`,
    ),
  );
}

/** The business's stats as the Loans page reads them, shown as the cards show them. */
export const businessLoanStatsQuery = (lenderBusinessId: number) =>
  queryOptions({ ...loanStatsQuery(lenderBusinessId), select: toLoanStats });

export const agentLoanStatsQuery = (lenderBusinessId: number, agentId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'loan-stats', lenderBusinessId, { agentId }],
    queryFn: () => getAgentLoanStats(lenderBusinessId, agentId),
  });
