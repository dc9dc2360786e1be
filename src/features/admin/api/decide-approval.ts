/**
 * POST /admin/approvals/{id}/approve (the act is done now) and /reject (nothing is done; the
 * proposer withdraws the same way).
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export function approveApproval(id: number): Promise<MessageAnswer> {
  return http.post('/admin/approvals/:id/approve', { params: { id } });
}

export function rejectApproval(id: number, reason: string): Promise<MessageAnswer> {
  return http.post('/admin/approvals/:id/reject', { params: { id }, body: { reason } });
}

/**
 * Approves the act (the reason is ignored) or rejects it with the reason. Done or refused,
 * the lists change (a refused approval is closed too): approvals, the payments it may have
 * moved, and the audit log.
 */
export function useDecideApproval(
  id: number,
  answer: 'approve' | 'reject',
  options?: MutationOptions<MessageAnswer, string>,
) {
  return useWrite(
    {
      mutationFn: (reason: string) =>
        answer === 'approve' ? approveApproval(id) : rejectApproval(id, reason),
      refreshSettled: (queryClient) =>
        void invalidate(
          queryClient,
          'approvals',
          'unassigned-payments',
          'payment-decisions',
          'audit-logs',
        ),
    },
    options,
  );
}
