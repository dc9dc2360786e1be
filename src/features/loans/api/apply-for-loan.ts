/** POST /loan/apply: files a loan application; the server stores the computed terms. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { submitOrQueue } from '../../../offline/submit';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { LoanAnswer, loanApplicationSchema } from '../../../domain/loans';

export type LoanApplication = v.InferOutput<typeof loanApplicationSchema>;

/** Where an application goes, online and from the outbox (docs/architecture.md §7). */
export const LOAN_APPLY_PATH = '/loan/apply' satisfies PathOf<'POST'>;

export function applyForLoan(application: LoanApplication): Promise<LoanAnswer> {
  return http.post(LOAN_APPLY_PATH, { body: application });
}

/** Whose outbox an agent's application may wait in, and the label it is listed under. */
export type LoanApplicationQueueing = { userId: number; lenderBusinessId: number; label: string };

/** The server's answer, or the label the application waits under in the outbox. */
export type LoanApplied = { sent: LoanAnswer } | { queued: string };

/**
 * Files a loan application. With `queue` (agents apply in the field) it is sent at once
 * when online, or kept in the outbox until online (docs/architecture.md §7); the borrower
 * may itself still wait there. The loans and the dashboards reload.
 */
export function useApplyForLoan(
  options?: MutationOptions<
    LoanApplied,
    { application: LoanApplication; queue?: LoanApplicationQueueing }
  >,
) {
  return useWrite(
    {
      mutationFn: async ({
        application,
        queue,
      }: {
        application: LoanApplication;
        queue?: LoanApplicationQueueing;
      }): Promise<LoanApplied> => {
        if (!queue) return { sent: await applyForLoan(application) };
        const submitted = await submitOrQueue({
          ...queue,
          kind: 'loanApplication',
          request: {
            method: 'POST',
            path: LOAN_APPLY_PATH,
            json: application,
            refs: ['borrowerId'],
          },
        });
        return submitted.kind === 'sent'
          ? { sent: submitted.answer as LoanAnswer }
          : { queued: queue.label };
      },
      refresh: (queryClient) => void invalidate(queryClient, 'loans', 'dashboard'),
    },
    options,
  );
}
