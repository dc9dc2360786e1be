/** POST /initiate/request-withdraw: capital of the business sent to M-Pesa (the spec's "Money"). */
import { http } from '../../../api/client';
import type { PaymentRequest, PaymentAnswer } from '../types/payment';

export function requestWithdraw(payment: PaymentRequest): Promise<PaymentAnswer | undefined> {
  return http.post<PaymentAnswer | undefined>('/initiate/request-withdraw', payment);
}
