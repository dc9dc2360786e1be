/** POST /admin/unassigned-payments/{id}/assign: the payment waits in that business's Manual Match. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function assignPayment(
  paymentId: number,
  lenderBusinessId: number,
): Promise<v.InferOutput<typeof messageAnswer>> {
  return http.post('/admin/unassigned-payments/:id/assign', {
    params: { id: paymentId },
    body: { lenderBusinessId },
  });
}
