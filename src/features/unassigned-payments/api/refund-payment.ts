/** POST /admin/unassigned-payments/{id}/refund: the whole payment back to the payer by B2C. */
import { http } from '../../../api/client';

export function refundPayment(
  paymentId: number,
  phoneNumber: string,
): Promise<{ message: string }> {
  return http.post(`/admin/unassigned-payments/${paymentId}/refund`, { phoneNumber });
}
