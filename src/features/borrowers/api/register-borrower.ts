/** POST /borrower/register (multipart): answers 201 {message, data}. */
import {
  invalidate,
  useReloadWhenSent,
  useWrite,
  type MutationOptions,
} from '../../../api/mutations';
import { outboxForm, submitOrQueue } from '../../../offline/submit';
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { BorrowerAnswer } from '../../../domain/borrowers';

export type { BorrowerAnswer } from '../../../domain/borrowers';

/** Where a registration goes, online and from the outbox (docs/architecture.md §7). */
export const BORROWER_REGISTER_PATH = '/borrower/register' satisfies PathOf<'POST'>;

export function registerBorrower(body: FormData): Promise<BorrowerAnswer> {
  return http.postForm(BORROWER_REGISTER_PATH, { body });
}

/** Whose outbox an agent's registration may wait in, and the label it is listed under. */
export type BorrowerQueueing = { userId: number; lenderBusinessId: number; label: string };

export type NewBorrower = { body: FormData; queue?: BorrowerQueueing };

/**
 * Registers a borrower. With `queue` (agents register in the field) it is sent at once when
 * online, or kept in the outbox until online (docs/architecture.md §7): the answer is then
 * null. Either way the borrower lists and the dashboards' count of active borrowers reload.
 */
export function useRegisterBorrower(options?: MutationOptions<BorrowerAnswer | null, NewBorrower>) {
  return useWrite(
    {
      mutationFn: async ({ body, queue }: NewBorrower) => {
        if (!queue) return registerBorrower(body);
        const submitted = await submitOrQueue({
          userId: queue.userId,
          kind: 'borrower',
          lenderBusinessId: queue.lenderBusinessId,
          label: queue.label,
          withTempId: true,
          request: { method: 'POST', path: BORROWER_REGISTER_PATH, form: outboxForm(body) },
        });
        return submitted.kind === 'sent' ? (submitted.answer as BorrowerAnswer) : null;
      },
      refresh: (queryClient) => void invalidate(queryClient, 'borrowers', 'dashboard'),
    },
    options,
  );
}

/** The borrower lists reload when a registration kept on the phone reaches the server. */
export function useReloadSentBorrowers() {
  useReloadWhenSent('borrower', 'borrowers');
}
