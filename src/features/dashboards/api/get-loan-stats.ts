/**
 * Pending and active loan totals (the spec's "Loan stats", "The calls it makes"): a business's from
 * GET /loan/data/{id}, one agent's from
 * GET /loan/all-stats-for-lender-business-by-agent/{businessId}/{agentId}.
 */
import { http } from '../../../api/client';
import { numberAt } from './read-number';

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

function toLoanStats(answer: unknown): LoanStats {
  return {
    pendingAmount: numberAt(answer, 'totalPending'),
    pendingCount: numberAt(answer, 'statusCounts', 'pending'),
    activeAmount: numberAt(answer, 'totalActiveAmount'),
    activeCount: numberAt(answer, 'statusCounts', 'active'),
  };
}

export async function getBusinessLoanStats(lenderBusinessId: number): Promise<LoanStats> {
  return toLoanStats(await http.get<unknown>(`/loan/data/${lenderBusinessId}`));
}

export async function getAgentLoanStats(
  lenderBusinessId: number,
  agentId: number,
): Promise<LoanStats> {
  return toLoanStats(
    await http.get<unknown>(
      `/loan/all-stats-for-lender-business-by-agent/${lenderBusinessId}/${agentId}`,
    ),
  );
}
