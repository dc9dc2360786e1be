/**
 * POST /admin/approvals/{id}/approve (the act is done now) and /reject (nothing is done; the
 * proposer withdraws the same way).
 */
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export function approveApproval(id: number): Promise<MessageAnswer> {
  return http.post('/admin/approvals/:id/approve', { params: { id } });
}

export function rejectApproval(id: number, reason: string): Promise<MessageAnswer> {
  return http.post('/admin/approvals/:id/reject', { params: { id }, body: { reason } });
}
