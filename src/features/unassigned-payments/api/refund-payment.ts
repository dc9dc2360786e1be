/** POST /admin/unassigned-payments/{id}/refund: the whole payment back to the payer by B2C. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
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

/** The refund's mutation key: the dialog around the form knows one is running. */
export const refundPaymentKey = ['unassigned-payments', 'refund'] as const;

/** Refunds a payment to the payer's number (the variable); the unassigned list reloads. */
export function useRefundPayment(
  paymentId: number,
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, string>,
) {
  return useWrite(
    {
      mutationFn: (phoneNumber: string) => refundPayment(paymentId, phoneNumber),
      refresh: (queryClient) => void invalidate(queryClient, 'unassigned-payments'),
    },
    { mutationKey: refundPaymentKey, ...options },
  );
}
