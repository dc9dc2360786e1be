/**
 * The administrators' decisions on a lender: PATCH with an empty body, except a rejection from the review page, which sends
 * { reason }. Each answers { message }, a sentence the screens show on success.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';
import type { PathOf } from '../../../domain/routes';

export type LenderAction = 'approve' | 'reject' | 'block' | 'suspend' | 'activate';

/** The status a lender has after each action succeeds. */
export const statusAfter = {
  approve: 'Active',
  reject: 'Rejected',
  block: 'Blocked',
  suspend: 'Suspended',
  activate: 'Active',
} as const satisfies Record<LenderAction, string>;

const actionPath = {
  approve: '/admin/lender/approve/:id',
  reject: '/admin/lender/reject/:id',
  block: '/admin/lender/:id/block',
  suspend: '/admin/lender/:id/suspend',
  activate: '/admin/lender/activate/:id',
} as const satisfies Record<LenderAction, PathOf<'PATCH'>>;

export function decideLender(
  action: LenderAction,
  lenderId: number,
  body?: { reason: string },
): Promise<MessageAnswer> {
  return http.patch(actionPath[action], { params: { id: lenderId }, body });
}

/** An action on a lender; only a rejection from the review page carries a reason. */
export type LenderDecision = { action: LenderAction; lenderId: number; reason?: string };

/**
 * Runs an action on a lender. The lender's status changes in every list and the audit log
 * has the action: both reload before the mutation settles, so a row stays busy until its
 * new status shows. A caller may carry more in the variables (its toast's texts).
 */
export function useDecideLender<TDecision extends LenderDecision = LenderDecision>(
  options?: MutationOptions<MessageAnswer, TDecision>,
) {
  return useWrite(
    {
      mutationFn: ({ action, lenderId, reason }: TDecision) =>
        decideLender(action, lenderId, reason === undefined ? undefined : { reason }),
      refresh: (queryClient) => invalidate(queryClient, 'lenders', 'audit-logs'),
    },
    options,
  );
}
