/**
 * GET /loan/from-lender-business/{businessId}, kept to the loans a repayment can be
 * matched to: disbursed and still owing (active or in default), as the server accepts.
 */
import { http } from '../../../api/client';

export type MatchableLoan = {
  id: number;
  loanCode: string;
  status: string;
  outstandingAmount: number;
  borrower: { firstName: string; lastName: string; phoneNumber: string } | null;
};

const matchable = new Set(['active', 'default']);

export function getMatchableLoans(businessId: number): Promise<MatchableLoan[]> {
  return http
    .get<MatchableLoan[] | null>(`/loan/from-lender-business/${businessId}`)
    .then((loans) =>
      Array.isArray(loans) ? loans.filter((loan) => matchable.has(loan.status)) : [],
    );
}
