/**
 * GET /admin/unassigned-payments: C2B payments of no business, newest first, each with
 * its state and why it is there (server/modules/paybills/unassigned-payments.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { UnassignedPayment } from '../../../domain/paybills';

export type { UnassignedPayment };

export function getUnassignedPayments(): Promise<UnassignedPayment[]> {
  return http.get('/admin/unassigned-payments');
}

export const unassignedPaymentsQuery = () =>
  queryOptions({ queryKey: ['unassigned-payments'], queryFn: getUnassignedPayments });
