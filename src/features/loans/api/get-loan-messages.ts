/** GET /loan/{id}/messages: the SMS notices of one loan, newest first (its lender only). */
import { http } from '../../../api/client';
import type { SmsKind, SmsStatus } from '../../../domain/sms';

export type LoanMessage = {
  id: number;
  phoneNumber: string;
  kind: SmsKind;
  language: string;
  body: string;
  status: SmsStatus;
  failureReason: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
};

export function getLoanMessages(loanId: number): Promise<LoanMessage[]> {
  return http.get<LoanMessage[]>(`/loan/${loanId}/messages`);
}
