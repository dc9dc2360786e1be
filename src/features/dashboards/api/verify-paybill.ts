/** PATCH /admin/lender-business/{id}/verify-paybill: the paybill is the business's own. */
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { verifiedPaybillView } from '../../../domain/paybills';

export function verifyPaybill(
  lenderBusinessId: number,
): Promise<AnswerWith<typeof verifiedPaybillView>> {
  return http.patch('/admin/lender-business/:id/verify-paybill', {
    params: { id: lenderBusinessId },
  });
}
