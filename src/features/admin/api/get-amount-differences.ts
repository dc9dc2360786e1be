/**
 * GET /admin/mpesa/amount-differences: payments M-Pesa settled for another amount than
 * was asked, newest first, with the correction posted to the capital.
 */
import { http } from '../../../api/client';
import type { PaymentForDecision } from '../../../domain/mpesa-payments';

export function getAmountDifferences(): Promise<PaymentForDecision[]> {
  return http.get<PaymentForDecision[]>('/admin/mpesa/amount-differences');
}
