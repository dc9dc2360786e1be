/** POST /initiate/request-withdraw: capital of the business sent to M-Pesa (the spec's "Money"). */
import { http } from '../../../api/client';
import type { PaymentRequest, PaymentStarted } from '../../../domain/capital';

export function requestWithdraw(payment: PaymentRequest): Promise<PaymentStarted> {
  return http.post<PaymentStarted>('/initiate/request-withdraw', payment);
}
