/**
 * GET /admin/mpesa/decisions: M-Pesa payments the automatic status queries could not
 * settle, oldest first, each with its history (docs/architecture.md §6).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { PaymentForDecision } from '../../../domain/mpesa-payments';

export function getPaymentDecisions(): Promise<PaymentForDecision[]> {
  return http.get('/admin/mpesa/decisions');
}

export const paymentDecisionsQuery = () =>
  queryOptions({ queryKey: ['payment-decisions', 'waiting'], queryFn: getPaymentDecisions });
