/**
 * GET /loan/from-lender-business/{businessId}, kept to the loans a repayment can be
 * matched to: disbursed and still owing (active or in default), as the server accepts.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Loan } from '../../../domain/loans';

export type MatchableLoan = Loan;

const matchable = new Set<Loan['status']>(['active', 'default']);

export async function getMatchableLoans(businessId: number): Promise<MatchableLoan[]> {
  const loans = await http.get<Loan[]>(`/loan/from-lender-business/${businessId}`);
  return loans.filter((loan) => matchable.has(loan.status));
}

export const matchableLoansQuery = (businessId: number) =>
  queryOptions({
    queryKey: ['loans', businessId, 'matchable'],
    queryFn: () => getMatchableLoans(businessId),
  });
