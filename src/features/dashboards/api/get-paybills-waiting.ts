/**
 * GET /admin/lender-business/paybills-waiting: businesses registered after their lender
 * was approved, whose paybill waits for an administrator (server/modules/paybills).
 */
import { http } from '../../../api/client';

export type PaybillWaiting = {
  id: number;
  businessName: string;
  paybillNumber: string;
  status: string;
  createdAt: string;
  lender: { id: number; name: string; email: string };
};

export function getPaybillsWaiting(): Promise<PaybillWaiting[]> {
  return http.get<PaybillWaiting[]>('/admin/lender-business/paybills-waiting');
}
