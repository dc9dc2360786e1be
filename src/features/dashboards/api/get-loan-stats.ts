/**
 * Pending and active loan totals (the spec's "Loan stats", "The calls it makes"): a business's from
 * GET /loan/data/{id}, one agent's from
 * GET /loan/all-stats-for-lender-business-by-agent/{businessId}/{agentId}.
 */
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

function toLoanStats(answer: LoanStatsAnswer): LoanStats {
  return {
    pendingAmount: answer.totalPending,
    pendingCount: answer.statusCounts.pending,
    activeAmount: answer.totalActiveAmount,
    activeCount: answer.statusCounts.active,
  };
}

export async function getBusinessLoanStats(lenderBusinessId: number): Promise<LoanStats> {
  return toLoanStats(await http.get<LoanStatsAnswer>(`/loan/data/${lenderBusinessId}`));
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
