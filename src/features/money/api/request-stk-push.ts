/** POST /initiate/request-stkpush: an M-Pesa prompt on the phone to add money (the spec's "Money"). */
import { http } from '../../../api/client';
import type { PaymentRequest, PaymentAnswer } from '../types/payment';

export function requestStkPush(payment: PaymentRequest): Promise<PaymentAnswer | undefined> {
  return http.post<PaymentAnswer | undefined>('/initiate/request-stkpush', payment);
}
