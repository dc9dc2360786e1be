/**
 * GET /loan/from-lender-business/{businessId}, kept to the loans a repayment can be
 * matched to: disbursed and still owing (active or in default), as the server accepts.
 */
import { queryOptions } from '@tanstack/react-query';
import { loanPageQuery } from '../../../api/loans';
import { owingLoanStatuses, type Loan } from '../../../domain/loans';

export type MatchableLoan = Loan;

const matchable = new Set<Loan['status']>(owingLoanStatuses);

const matchableOf = (list: { loans: Loan[] }): MatchableLoan[] =>
  list.loans.filter((loan) => matchable.has(loan.status));

/** The business's whole loan list (read by the Loans pages' fetcher), kept to those. */
export const matchableLoansQuery = (businessId: number) =>
  queryOptions({ ...loanPageQuery(businessId), select: matchableOf });
