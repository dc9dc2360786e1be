/** POST /refund/balance: the overpaid wallet sent back to the borrower's M-Pesa (B2C). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';
import type { refundSchema } from '../../../domain/refunds';

/** reason is required when phoneNumber is not the borrower's own. */
export type RefundRequest = v.InferInput<typeof refundSchema>;

export function refundBalance(refund: RefundRequest): Promise<v.InferOutput<typeof messageAnswer>> {
  return http.post('/refund/balance', { body: refund });
}
