/**
 * POST /admin/mpesa/requests/{id}/decide: marks a payment needing a decision paid (with
 * its M-Pesa receipt) or failed (reversed), with a reason; 409 once it is settled.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';
import type { Decision } from '../../../domain/mpesa-decisions';

export function decidePayment(
  id: number,
  decision: Decision,
): Promise<v.InferOutput<typeof messageAnswer>> {
  return http.post('/admin/mpesa/requests/:id/decide', { params: { id }, body: decision });
}

/** Decides a stuck payment; both lists of decisions change, and the audit log has it. */
export function useDecidePayment(
  id: number,
  options?: MutationOptions<v.InferOutput<typeof messageAnswer>, Decision>,
) {
  return useWrite(
    {
      mutationFn: (decision: Decision) => decidePayment(id, decision),
      refresh: (queryClient) => void invalidate(queryClient, 'payment-decisions', 'audit-logs'),
    },
    options,
  );
}
