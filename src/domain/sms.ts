import * as v from 'valibot';
import { idValue, pageOf, timestamp } from './answers';
import { languages } from './languages';

/** The SMS notices to borrowers: what kinds there are and where each one is in its life. */
export const smsKinds = [
  'disbursed',
  'reminder',
  'payment_received',
  'repaid',
  'overdue',
  'complaint_received',
  'complaint_resolved',
  'crb_notice',
] as const;
export type SmsKind = (typeof smsKinds)[number];

export const smsStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof smsStatuses)[number];

/**
 * An SMS notice as the API answers it (GET /loan/{id}/messages): its text (the text it
 * will carry while it waits for the quiet hours to end), status, cost and times.
 */
export const smsMessageView = v.object({
  id: idValue,
  /** Null for a notice about a complaint that names no loan. */
  loanId: v.nullable(idValue),
  borrowerId: idValue,
  lenderBusinessId: idValue,
  phoneNumber: v.string(),
  kind: v.picklist(smsKinds),
  language: v.picklist(languages),
  body: v.string(),
  status: v.picklist(smsStatuses),
  attempts: idValue,
  providerMessageId: v.nullable(v.string()),
  /** What Africa's Talking charged, as it wrote it (amount is a decimal string, e.g. "0.8000"). */
  cost: v.nullable(v.object({ currency: v.nullable(v.string()), amount: v.string() })),
  failureReason: v.nullable(v.string()),
  createdAt: timestamp,
  sentAt: v.nullable(timestamp),
  deliveredAt: v.nullable(timestamp),
});
export type SmsMessage = v.InferOutput<typeof smsMessageView>;

/** A notice on the administrators' Messages screen: with its loan, business and lender. */
export const adminMessageView = v.object({
  ...smsMessageView.entries,
  loanCode: v.nullable(v.string()),
  businessName: v.string(),
  lenderId: idValue,
});
export type AdminMessage = v.InferOutput<typeof adminMessageView>;

/** GET /admin/messages: one page of notices, newest first, and how many match. */
export const adminMessagesView = pageOf(adminMessageView);
export type AdminMessages = v.InferOutput<typeof adminMessagesView>;

/** What Africa's Talking's delivery-report callback is answered. */
export const deliveryReportAnswer = v.object({ received: v.literal(true) });
