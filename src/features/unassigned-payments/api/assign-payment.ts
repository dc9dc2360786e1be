/** POST /admin/unassigned-payments/{id}/assign: the payment waits in that business's Manual Match. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
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

/** The assignment's mutation key: the dialog around the form knows one is running. */
export const assignPaymentKey = ['unassigned-payments', 'assign'] as const;

/**
 * Assigns a payment to a business (the variable is the business's id). The payment leaves
 * the unassigned list for the business's Manual Match: both reload.
 */
export function useAssignPayment(
  paymentId: number,
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, number>,
) {
  return useWrite(
    {
      mutationFn: (lenderBusinessId: number) => assignPayment(paymentId, lenderBusinessId),
      refresh: (queryClient) => void invalidate(queryClient, 'unassigned-payments', 'matching'),
    },
    { mutationKey: assignPaymentKey, ...options },
  );
}
