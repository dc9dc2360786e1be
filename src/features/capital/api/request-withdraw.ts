/** POST /initiate/request-withdraw: capital of the business sent to M-Pesa. */
import { http } from '../../../api/client';
import type { PaymentRequest, PaymentStarted } from '../../../domain/capital';

export function requestWithdraw(payment: PaymentRequest): Promise<PaymentStarted> {
  return http.post('/initiate/request-withdraw', { body: payment });
}
