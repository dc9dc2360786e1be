/**
 * GET /loan/from-lender-business/{businessId}: a business's loans, newest first, as the
 * spec's Loan entity (the spec's "Entities and their fields"; server/modules/loans/queries.ts). Amounts are
 * numbers with at most two decimals; the plan terms are those stored on the loan.
 */
import { getPage, http } from '../../../api/client';
import type { LoanSortColumn, LoanStatus } from '../../../domain/loans';

export type LoanPerson = { firstName: string; lastName: string };

export type LoanBorrower = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  idNumber: string;
  nextOfKinName: string;
  nextOfKinNumber: string;
  nextOfKinRelation: string;
  loanLimit: number;
};

export type LoanPlanTerms = {
  id: number;
  name: string;
  durationInDays: number;
  cycleDays: number;
  interestRate: number;
  processingFee: number;
  fineRateWithinLoanPeriod: number;
  fineRateOverLoanPeriod: number;
  gracePeriodWithinLoanPeriod: number;
  gracePeriodOverLoanPeriod: number;
  lenderBusiness: { id: number; businessName: string; lenderBusinessCode?: string | null };
};

export type Loan = {
  id: number;
  loanCode: string;
  status: string;
  principalAmount: number;
  processingFee: number;
  interestAmount: number;
  initialAmount: number;
  disbursementAmount: number;
  outstandingAmount: number;
  applicationDate: string;
  disbursementDate: string | null;
  dueDate: string | null;
  /** Why M-Pesa did not pay the last disbursement (the loan is pending again), else null. */
  disbursementFailure: string | null;
  disbursementFailedAt: string | null;
  lenderBusinessId: number;
  borrowerId: number;
  borrower: LoanBorrower;
  requesterAgent: LoanPerson | null;
  approverAgent: LoanPerson | null;
  lenderLoanPlan: LoanPlanTerms;
};

export function getLoans(businessId: number): Promise<Loan[]> {
  return http
    .get<Loan[] | null>(`/loan/from-lender-business/${businessId}`)
    .then((loans) => (Array.isArray(loans) ? loans : []));
}

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
  const answer = await http.get<{ statusCounts?: Record<string, number> }>(
    `/loan/data/${businessId}`,
    code ? { code } : undefined,
  );
  return answer?.statusCounts ?? {};
}
