/**
 * GET /admin/mpesa/amount-differences: payments M-Pesa settled for another amount than
 * was asked, newest first, with the correction posted to the capital.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { PaymentForDecision } from '../../../domain/mpesa-payments';

export function getAmountDifferences(): Promise<PaymentForDecision[]> {
  return http.get('/admin/mpesa/amount-differences');
}

/** Under 'payment-decisions': a decision can settle a payment into this list too. */
export const amountDifferencesQuery = () =>
  queryOptions({
    queryKey: ['payment-decisions', 'amount-differences'],
    queryFn: getAmountDifferences,
  });
