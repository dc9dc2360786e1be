/**
 * Existing loans for the dashboard tables (the spec's "Loan", "The calls it makes"): a business's from
 * GET /loan/all-existing-for-lender-business/{id}, one agent's from
 * GET /loan/all-existing-for-lender-business-by-agent/{businessId}/{agentId}. The newest
 * hundred and the total: a business with 10,000 loans must not send them all here.
 */
import { queryOptions } from '@tanstack/react-query';
import { getPage } from '../../../api/client';
import type { Loan } from '../../../domain/loans';

export type DashboardLoan = Loan;

/** The newest loans and how many there are in all. */
export type DashboardLoans = { loans: DashboardLoan[]; total: number };

export const noLoans: DashboardLoans = { loans: [], total: 0 };

const NEWEST = { page: 1, limit: 100 };

async function newest(path: string): Promise<DashboardLoans> {
  const { rows, total } = await getPage<DashboardLoan>(path, NEWEST);
  return { loans: rows, total };
}

export function getBusinessLoans(lenderBusinessId: number): Promise<DashboardLoans> {
  return newest(`/loan/all-existing-for-lender-business/${lenderBusinessId}`);
}

export function getAgentLoans(lenderBusinessId: number, agentId: number): Promise<DashboardLoans> {
  return newest(`/loan/all-existing-for-lender-business-by-agent/${lenderBusinessId}/${agentId}`);
}

export const businessLoansFigureQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'loans', lenderBusinessId],
    queryFn: () => getBusinessLoans(lenderBusinessId),
  });

export const agentLoansQuery = (lenderBusinessId: number, agentId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'loans', lenderBusinessId, { agentId }],
    queryFn: () => getAgentLoans(lenderBusinessId, agentId),
  });
