/**
 * What an administrator sends about an unassigned payment, shared by dialogs and server,
 * and what the paybill and Unassigned payments screens read (the answers' schemas).
 */
import * as v from 'valibot';
import { unassignedPaymentsText, unassignedReasons, type UnassignedReason } from '../i18n/paybills';
import { amount, idValue, timestamp } from './answers';
import { waitingApprovalView } from './approvals';
import { idField } from './lender-profile';
import { mpesaRequestStatuses, paymentPhone } from './mpesa-payments';
import { businessStatuses } from './roles';

export const assignPaymentSchema = v.object({
  lenderBusinessId: idField(unassignedPaymentsText.businessRequired),
});
export type AssignPaymentInput = v.InferInput<typeof assignPaymentSchema>;

/** The payer's number, typed by the administrator: M-Pesa may have masked it. */
export const payerRefundSchema = v.object({ phoneNumber: paymentPhone });
export type PayerRefundInput = v.InferInput<typeof payerRefundSchema>;

/** Who a business belongs to, as the administrators' paybill screens show it. */
const businessLenderView = v.object({ id: idValue, name: v.string(), email: v.string() });

/** A business a payment can be given to (GET /admin/lender-business). */
export const assignableBusinessView = v.object({
  id: idValue,
  businessName: v.string(),
  paybillNumber: v.nullable(v.string()),
  paybillVerified: v.boolean(),
  status: v.picklist(businessStatuses),
  lender: businessLenderView,
});
export type AssignableBusiness = v.InferOutput<typeof assignableBusinessView>;

/** A business whose paybill waits for verification (GET /admin/lender-business/paybills-waiting). */
export const paybillWaitingView = v.object({
  id: idValue,
  businessName: v.string(),
  paybillNumber: v.string(),
  status: v.picklist(businessStatuses),
  createdAt: timestamp,
  lender: businessLenderView,
});
export type PaybillWaiting = v.InferOutput<typeof paybillWaitingView>;

/** A verified paybill (PATCH /admin/lender-business/:id/verify-paybill's data). */
export const verifiedPaybillView = v.object({
  id: idValue,
  businessName: v.string(),
  paybillNumber: v.string(),
  paybillVerifiedAt: timestamp,
  paybillVerifiedByUserId: v.nullable(idValue),
});
export type VerifiedPaybill = v.InferOutput<typeof verifiedPaybillView>;

/**
 * Where an unassigned payment stands: waiting, being refunded, refunded, its last refund
 * failed (it waits again, with M-Pesa's reason), or an anomaly.
 */
export const unassignedStates = [
  'unassigned',
  'refunding',
  'refunded',
  'refund_failed',
  'anomaly',
] as const;
export type UnassignedState = (typeof unassignedStates)[number];

const reasons = Object.keys(unassignedReasons) as [UnassignedReason, ...UnassignedReason[]];

/** A C2B payment of no business (GET /admin/unassigned-payments), with why it is there. */
export const unassignedPaymentView = v.object({
  id: idValue,
  transId: v.string(),
  amount,
  /** TransAmount as M-Pesa sent it, for an anomaly. */
  reportedAmount: v.nullable(v.string()),
  billRefNumber: v.string(),
  businessShortCode: v.string(),
  platformPaybill: v.boolean(),
  /** The business whose (unverified) paybill it was paid to. */
  paybillBusiness: v.nullable(v.object({ id: idValue, businessName: v.string() })),
  msisdn: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  /** TransTime as M-Pesa sent it (YYYYMMDDHHmmss). */
  transTime: v.nullable(v.string()),
  createdAt: timestamp,
  state: v.picklist(unassignedStates),
  reason: v.picklist(reasons),
  refund: v.nullable(
    v.object({
      status: v.picklist(mpesaRequestStatuses),
      phoneNumber: v.string(),
      receipt: v.nullable(v.string()),
      /** M-Pesa's reason when the refund failed. */
      resultDesc: v.nullable(v.string()),
    }),
  ),
  /** An act on it waits for a second administrator. */
  waitingApproval: waitingApprovalView,
});
export type UnassignedPayment = v.InferOutput<typeof unassignedPaymentView>;
