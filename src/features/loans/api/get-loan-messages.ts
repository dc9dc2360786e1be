/** GET /loan/{id}/messages: the SMS notices of one loan, newest first (its lender only). */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { SmsMessage } from '../../../domain/sms';

export type LoanMessage = SmsMessage;

export function getLoanMessages(loanId: number): Promise<LoanMessage[]> {
  return http.get('/loan/:id/messages', { params: { id: loanId } });
}

export const loanMessagesQuery = (loanId: number) =>
  queryOptions({
    queryKey: ['messages', 'loan', loanId],
    queryFn: () => getLoanMessages(loanId),
  });
