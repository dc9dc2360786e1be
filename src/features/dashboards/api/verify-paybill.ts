/** PATCH /admin/lender-business/{id}/verify-paybill: the paybill is the business's own. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
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

/**
 * Verifies a business's paybill (the variable is the business's id): the waiting list and
 * the business's status wherever it is shown reload.
 */
export function useVerifyPaybill(
  options?: MutationOptions<AnswerWith<typeof verifiedPaybillView>, number>,
) {
  return useWrite(
    {
      mutationFn: verifyPaybill,
      refresh: (queryClient) => void invalidate(queryClient, 'businesses', 'lenders'),
    },
    options,
  );
}
