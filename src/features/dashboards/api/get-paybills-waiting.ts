/**
 * GET /admin/lender-business/paybills-waiting: businesses registered after their lender
 * was approved, whose paybill waits for an administrator (server/modules/paybills).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { PaybillWaiting } from '../../../domain/paybills';

export type { PaybillWaiting };

export function getPaybillsWaiting(): Promise<PaybillWaiting[]> {
  return http.get('/admin/lender-business/paybills-waiting');
}

export const paybillsWaitingQuery = () =>
  queryOptions({ queryKey: ['businesses', 'paybills-waiting'], queryFn: getPaybillsWaiting });
