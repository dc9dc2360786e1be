/** POST /follow-up {loanId, comment}: answers 201 {message, data: the follow-up}. */
import {
  invalidate,
  useReloadWhenSent,
  useWrite,
  type MutationOptions,
} from '../../../api/mutations';
import type { OutboxItem } from '../../../offline/db';
import { submitOrQueue } from '../../../offline/submit';
import { followUpsQuery } from './get-follow-ups';
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { FollowUpAnswer, FollowUpInput } from '../../../domain/field-work';

/** Where a follow-up goes, online and from the outbox (docs/architecture.md §7). */
export const FOLLOW_UP_PATH = '/follow-up' satisfies PathOf<'POST'>;

export function createFollowUp(input: FollowUpInput): Promise<FollowUpAnswer> {
  return http.post(FOLLOW_UP_PATH, { body: input });
}

/** Whose outbox an agent's follow-up may wait in, and the label it is listed under. */
export type FollowUpQueueing = { userId: number; lenderBusinessId: number; label: string };

export type FollowUpSent =
  | { kind: 'sent'; answer: FollowUpAnswer }
  | { kind: 'queued'; item: OutboxItem };

/**
 * Creates a follow-up on a loan. With `queue` it is sent at once when online, or kept in the
 * outbox and shown as Sending until it is sent (docs/architecture.md §7). Once the server
 * has it, it is shown on top of the loan's history at once, then the histories reload.
 */
export function useCreateFollowUp(
  loanId: number,
  options?: MutationOptions<FollowUpSent, { input: FollowUpInput; queue?: FollowUpQueueing }>,
) {
  return useWrite(
    {
      mutationFn: async ({
        input,
        queue,
      }: {
        input: FollowUpInput;
        queue?: FollowUpQueueing;
      }): Promise<FollowUpSent> => {
        if (!queue) return { kind: 'sent', answer: await createFollowUp(input) };
        const submitted = await submitOrQueue({
          ...queue,
          kind: 'followUp',
          withTempId: true,
          request: { method: 'POST', path: FOLLOW_UP_PATH, json: input },
        });
        return submitted.kind === 'sent'
          ? { kind: 'sent', answer: submitted.answer as FollowUpAnswer }
          : submitted;
      },
      refresh: (queryClient, submitted) => {
        if (submitted.kind !== 'sent') return;
        const saved = submitted.answer.data;
        queryClient.setQueryData(followUpsQuery(loanId).queryKey, (held) =>
          held ? [saved, ...held.filter((other) => other.id !== saved.id)] : held,
        );
        void invalidate(queryClient, 'follow-ups');
      },
    },
    options,
  );
}

/** The follow-up histories reload when one kept on the phone reaches the server. */
export function useReloadSentFollowUps() {
  useReloadWhenSent('followUp', 'follow-ups');
}
