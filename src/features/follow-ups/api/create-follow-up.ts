/** POST /follow-up {loanId, comment}: answers 201 {message, data: the follow-up}. */
import { http } from '../../../api/client';
import type { FollowUpAnswer, FollowUpInput } from '../../../domain/field-work';

export function createFollowUp(input: FollowUpInput): Promise<FollowUpAnswer> {
  return http.post<FollowUpAnswer>('/follow-up', input);
}
