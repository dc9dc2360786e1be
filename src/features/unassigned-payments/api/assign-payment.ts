/** POST /admin/unassigned-payments/{id}/assign: the payment waits in that business's Manual Match. */
import { http } from '../../../api/client';

export function assignPayment(
  paymentId: number,
  lenderBusinessId: number,
): Promise<{ message: string }> {
  return http.post(`/admin/unassigned-payments/${paymentId}/assign`, { lenderBusinessId });
}
