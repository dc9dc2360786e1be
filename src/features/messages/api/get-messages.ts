/**
 * GET /admin/messages: every SMS notice, newest first, as { data, total }, filtered by
 * status and by Africa/Nairobi days (from, to: YYYY-MM-DD, inclusive).
 */
import { http } from '../../../api/client';
import type { SmsKind, SmsStatus } from '../../../domain/sms';

export type Message = {
  id: number;
  loanId: number;
  phoneNumber: string;
  kind: SmsKind;
  body: string;
  status: SmsStatus;
  failureReason: string | null;
  createdAt: string;
  sentAt: string | null;
  loanCode: string;
  businessName: string;
};

export type MessageFilters = { status?: SmsStatus; from?: string; to?: string };

export function getMessages(
  filters: MessageFilters,
  page: number,
  limit: number,
): Promise<{ data: Message[]; total: number }> {
  const query: Record<string, string | number> = { page, limit };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return http.get<{ data: Message[]; total: number }>('/admin/messages', query);
}
