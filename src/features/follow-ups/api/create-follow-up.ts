/** POST /follow-up {loanId, comment}: answers 201 {message, data: the follow-up}. */
import { http } from '../../../api/client';
import type { FollowUpAnswer, FollowUpInput } from '../../../domain/field-work';

/** Where a follow-up goes, online and from the outbox (docs/architecture.md §7). */
export const FOLLOW_UP_PATH = '/follow-up';

export function createFollowUp(input: FollowUpInput): Promise<FollowUpAnswer> {
  return http.post<FollowUpAnswer>(FOLLOW_UP_PATH, input);
}
