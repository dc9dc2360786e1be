/**
 * GET /loan/active-for-follow-up: the active and defaulted loans of the agent's
 * businesses, most overdue first (server/modules/follow-ups). Dates are
 * ISO strings; amounts numbers with at most two decimals.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { FollowUpLoan } from '../../../domain/field-work';

export type { FollowUpLoan as ActiveLoan } from '../../../domain/field-work';

export function getActiveLoans(): Promise<FollowUpLoan[]> {
  return http.get('/loan/active-for-follow-up');
}

export const activeLoansQuery = () =>
  queryOptions({ queryKey: ['loans', 'active-for-follow-up'], queryFn: getActiveLoans });
