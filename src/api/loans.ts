/**
 * A business's loan book, which the loans pages, the lender's dashboard and repayment
 * matching all read (docs/architecture.md §1): the one fetcher of each endpoint, with its
 * query, so the screens share what is cached and a write invalidates it under `loans`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Loan, LoanSortColumn, LoanStats, LoanStatus } from '../domain/loans';
import { getPage, http } from './client';

/**
 * What GET /loan/from-lender-business/{id} takes: a page (without one, every loan
 * matching the filters), a status, part of a loan code and an order.
 */
export type LoanPageQuery = {
  page?: number;
  limit?: number;
  status?: LoanStatus;
  code?: string;
  sort?: LoanSortColumn;
  order?: 'asc' | 'desc';
};

/**
 * GET /loan/from-lender-business/{businessId}: a business's loans, newest first, as the
 * loan view of src/domain/loans.ts, filtered and ordered by the server. With a page, a business with 10,000 loans sends ten rows, not ten thousand
 * (bench/loans-table.ts), and `total` is how many match.
 */
export async function getLoanPage(
  businessId: number,
  query: LoanPageQuery = {},
): Promise<{ loans: Loan[]; total: number }> {
  const params: Record<string, string | number> = {};
  if (query.page !== undefined) {
    params.page = query.page;
    if (query.limit !== undefined) params.limit = query.limit;
  }
  if (query.status) params.status = query.status;
  if (query.code) params.code = query.code;
  if (query.sort) {
    params.sort = query.sort;
    params.order = query.order ?? 'desc';
  }
  const { rows, total } = await getPage('/loan/from-lender-business/:id', {
    params: { id: businessId },
    query: params,
  });
  return { loans: rows, total };
}

/** A business's loans; a new page, filter or order is a new entry. */
export const loanPageQuery = (businessId: number, query: LoanPageQuery = {}) =>
  queryOptions({
    queryKey: ['loans', businessId, query],
    queryFn: () => getLoanPage(businessId, query),
  });

/**
 * GET /loan/data/{businessId}: how many of a business's loans are in each status and the
 * pending and active totals; a code narrows them to the matching loans.
 */
export function getLoanStats(businessId: number, code = ''): Promise<LoanStats> {
  return http.get('/loan/data/:id', {
    params: { id: businessId },
    query: code ? { code } : undefined,
  });
}

export const loanStatsQuery = (businessId: number, code = '') =>
  queryOptions({
    queryKey: ['loans', businessId, 'stats', code],
    queryFn: () => getLoanStats(businessId, code),
  });

/** How many of the business's loans (matching a code, when given) are in each status. */
export const loanStatusCountsQuery = (businessId: number, code: string) =>
  queryOptions({
    ...loanStatsQuery(businessId, code),
    select: (stats): Record<string, number> => stats.statusCounts,
  });
