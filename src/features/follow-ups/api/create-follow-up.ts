/** POST /follow-up {loanId, comment}: answers 201 {message, data: the follow-up}. */
import { http } from '../../../api/client';
import type { FollowUpInput } from '../../../domain/field-work';
import type { FollowUp } from './get-follow-ups';

export type FollowUpAnswer = { message: string; data: FollowUp };

export function createFollowUp(input: FollowUpInput): Promise<FollowUpAnswer> {
  return http.post<FollowUpAnswer>('/follow-up', input);
}
