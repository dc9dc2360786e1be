/**
 * POST /admin/mpesa/requests/{id}/decide: marks a payment needing a decision paid (with
 * its M-Pesa receipt) or failed (reversed), with a reason; 409 once it is settled.
 */
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
