/**
 * Existing loans for the dashboard tables: a business's from
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

export async function getBusinessLoans(lenderBusinessId: number): Promise<DashboardLoans> {
  const { rows, total } = await getPage('/loan/all-existing-for-lender-business/:id', {
    params: { id: lenderBusinessId },
    query: NEWEST,
  });
  return { loans: rows, total };
}

export async function getAgentLoans(
  lenderBusinessId: number,
  agentId: number,
): Promise<DashboardLoans> {
  const { rows, total } = await getPage(
    '/loan/all-existing-for-lender-business-by-agent/:lenderBusinessId/:agentId',
    { params: { lenderBusinessId, agentId }, query: NEWEST },
  );
  return { loans: rows, total };
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
