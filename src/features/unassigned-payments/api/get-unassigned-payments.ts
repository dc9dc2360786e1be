/**
 * GET /admin/unassigned-payments: C2B payments of no business, newest first, each with
 * its state and why it is there (server/modules/paybills/unassigned-payments.ts).
 */
import { http } from '../../../api/client';
import type { UnassignedReason } from '../../../i18n/paybills';

export type UnassignedState = 'unassigned' | 'refunding' | 'refunded' | 'anomaly';

export type UnassignedPayment = {
  id: number;
  transId: string;
  amount: number;
  /** TransAmount as M-Pesa sent it, for an anomaly. */
  reportedAmount: string | null;
  billRefNumber: string;
  businessShortCode: string;
  platformPaybill: boolean;
  /** The business whose (unverified) paybill it was paid to. */
  paybillBusiness: { id: number; businessName: string } | null;
  msisdn: string | null;
  firstName: string | null;
  createdAt: string;
  state: UnassignedState;
  reason: UnassignedReason;
  refund: { status: string; phoneNumber: string; receipt: string | null } | null;
};

export function getUnassignedPayments(): Promise<UnassignedPayment[]> {
  return http.get<UnassignedPayment[]>('/admin/unassigned-payments');
}
