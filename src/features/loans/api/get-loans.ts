/**
 * GET /loan/from-lender-business/{businessId}: a business's loans, newest first, as the
 * spec's Loan entity (the spec's "Entities and their fields"; server/modules/loans/queries.ts). Amounts are
 * numbers with at most two decimals; the plan terms are those stored on the loan.
 */
import { queryOptions } from '@tanstack/react-query';
import { getPage, http } from '../../../api/client';
import type { Loan, LoanSortColumn, LoanStats, LoanStatus } from '../../../domain/loans';

export type { Loan, LoanBorrower, LoanPlanTerms } from '../../../domain/loans';

export type LoanPageQuery = {
  page: number;
  limit: number;
  status?: LoanStatus;
  code?: string;
  sort?: LoanSortColumn;
  order?: 'asc' | 'desc';
};

/**
 * One page of a business's loans, filtered and ordered by the server, so a business with
 * 10,000 loans sends ten rows, not ten thousand (bench/loans-table.ts).
 */
export async function getLoanPage(
  businessId: number,
  query: LoanPageQuery,
): Promise<{ loans: Loan[]; total: number }> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.status) params.status = query.status;
  if (query.code) params.code = query.code;
  if (query.sort) {
    params.sort = query.sort;
    params.order = query.order ?? 'desc';
  }
  const { rows, total } = await getPage<Loan>(`/loan/from-lender-business/${businessId}`, params);
  return { loans: rows, total };
}

/** How many of the business's loans (matching a code, when given) are in each status. */
export async function getLoanStatusCounts(
  businessId: number,
  code: string,
): Promise<Record<string, number>> {
  const answer = await http.get<LoanStats>(`/loan/data/${businessId}`, code ? { code } : undefined);
  return answer.statusCounts;
}

/** One page of a business's loans; a new page, filter or order is a new entry. */
export const loanPageQuery = (businessId: number, query: LoanPageQuery) =>
  queryOptions({
    queryKey: ['loans', businessId, query],
    queryFn: () => getLoanPage(businessId, query),
  });

export const loanStatusCountsQuery = (businessId: number, code: string) =>
  queryOptions({
    queryKey: ['loans', businessId, 'status-counts', code],
    queryFn: () => getLoanStatusCounts(businessId, code),
  });
