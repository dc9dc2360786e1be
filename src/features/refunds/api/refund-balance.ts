/** POST /refund/balance: the overpaid wallet sent back to the borrower's M-Pesa (B2C). */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';
import type { refundSchema } from '../../../domain/refunds';

/** reason is required when phoneNumber is not the borrower's own. */
export type RefundRequest = v.InferInput<typeof refundSchema>;

export function refundBalance(refund: RefundRequest): Promise<v.InferOutput<typeof messageAnswer>> {
  return http.post('/refund/balance', { body: refund });
}

/**
 * Refunds a loan's overpaid wallet. The refund moves the wallet: the refunds list and every
 * screen showing the loan reload.
 */
export function useRefundBalance(
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, RefundRequest>,
) {
  return useWrite(
    {
      mutationFn: refundBalance,
      refresh: (queryClient) =>
        void invalidate(queryClient, 'refunds', 'wallet', 'loans', 'statements', 'dashboard'),
    },
    options,
  );
}
