/**
 * GET /admin/messages: every SMS notice, newest first, as { data, total }, filtered by
 * status, by lender and by Africa/Nairobi days (from, to: YYYY-MM-DD, inclusive).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AdminMessages, SmsStatus } from '../../../domain/sms';

export type { AdminMessage as Message } from '../../../domain/sms';

export type MessageFilters = { status?: SmsStatus; lenderId?: number; from?: string; to?: string };

export function getMessages(
  filters: MessageFilters,
  page: number,
  limit: number,
): Promise<AdminMessages> {
  const query: Record<string, string | number> = { page, limit };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return http.get('/admin/messages', { query });
}

export const messagesQuery = (filters: MessageFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['messages', { ...filters, page, limit }],
    queryFn: () => getMessages(filters, page, limit),
  });
