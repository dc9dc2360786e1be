/** POST /follow-up {loanId, comment}: answers 201 {message, data: the follow-up}. */
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { FollowUpAnswer, FollowUpInput } from '../../../domain/field-work';

/** Where a follow-up goes, online and from the outbox (docs/architecture.md §7). */
export const FOLLOW_UP_PATH = '/follow-up' satisfies PathOf<'POST'>;

export function createFollowUp(input: FollowUpInput): Promise<FollowUpAnswer> {
  return http.post(FOLLOW_UP_PATH, { body: input });
}
