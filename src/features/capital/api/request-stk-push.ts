/** POST /initiate/request-stkpush: an M-Pesa prompt on the phone to add money. */
import { http } from '../../../api/client';
import type { PaymentRequest, PaymentStarted } from '../../../domain/capital';

export function requestStkPush(payment: PaymentRequest): Promise<PaymentStarted> {
  return http.post('/initiate/request-stkpush', { body: payment });
}
