/** GET /follow-up/loan/{loanId}: a loan's follow-ups, newest first (the spec's "Entities and their fields", "The calls it makes"). */
import { http } from '../../../api/client';

export type FollowUp = {
  /** Negative while the follow-up waits to be sent (the spec's "Entities and their fields": shown as Sending). */
  id: number;
  comment: string;
  createdAt: string;
  loanId: number;
  agent: { firstName: string; lastName: string };
};

export function getFollowUps(loanId: number): Promise<FollowUp[]> {
  return http
    .get<FollowUp[] | null>(`/follow-up/loan/${loanId}`)
    .then((followUps) => (Array.isArray(followUps) ? followUps : []));
}
