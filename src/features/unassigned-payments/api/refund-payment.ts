/** POST /admin/unassigned-payments/{id}/refund: the whole payment back to the payer by B2C. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function refundPayment(
  paymentId: number,
  phoneNumber: string,
): Promise<v.InferOutput<typeof messageAnswer>> {
  return http.post('/admin/unassigned-payments/:id/refund', {
    params: { id: paymentId },
    body: { phoneNumber },
  });
}
