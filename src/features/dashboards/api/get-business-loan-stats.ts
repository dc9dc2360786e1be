/**
 * The lender's loan cards: the business's stats as the Loans page's fetcher reads them
 * (GET /loan/data/{id}, src/api/loans.ts), shown as the cards show them. Apart from the
 * agent's stats, so the agent's first screen does not load the loan book's fetchers.
 */
import { queryOptions } from '@tanstack/react-query';
import { loanStatsQuery } from '../../../api/loans';
import { toLoanStats } from './get-loan-stats';

export const businessLoanStatsQuery = (lenderBusinessId: number) =>
  queryOptions({ ...loanStatsQuery(lenderBusinessId), select: toLoanStats });
