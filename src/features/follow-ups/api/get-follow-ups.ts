/** GET /follow-up/loan/{loanId}: a loan's follow-ups, newest first. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { FollowUp } from '../../../domain/field-work';

export type { FollowUp } from '../../../domain/field-work';

export function getFollowUps(loanId: number): Promise<FollowUp[]> {
  return http.get('/follow-up/loan/:loanId', { params: { loanId } });
}

export const followUpsQuery = (loanId: number) =>
  queryOptions({ queryKey: ['follow-ups', loanId], queryFn: () => getFollowUps(loanId) });
