/** PATCH /admin/lender-business/{id}/verify-paybill: the paybill is the business's own. */
import { http } from '../../../api/client';

export function verifyPaybill(lenderBusinessId: number): Promise<{ message: string }> {
  return http.patch(`/admin/lender-business/${lenderBusinessId}/verify-paybill`);
}
