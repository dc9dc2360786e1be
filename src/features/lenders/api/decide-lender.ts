/**
 * The administrators' decisions on a lender: PATCH with an empty body, except a rejection from the review page, which sends
 * { reason }. Each answers { message }, a sentence the screens show on success.
 */
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
