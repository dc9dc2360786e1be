import * as v from 'valibot';
import { smsLanguages } from '../i18n/sms';
import { idValue, pageOf, timestamp } from './answers';
import { limitText, pageText, wholeNumberText } from './fields';
import { MAX_ID } from './lender-profile';
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

/** A borrower's choice to stop (or restart) the SMS reminders. */
export const smsOptOutSchema = v.object({ optOut: v.boolean('Say true or false.') });

/** The language of a borrower's SMS notices. */
export const smsLanguageSchema = v.object({
  language: v.picklist(smsLanguages, 'Choose en (English) or sw (Kiswahili).'),
});

const optionalDay = (name: string) =>
  v.optional(
    v.pipe(
      v.string(`Give ${name} as YYYY-MM-DD.`),
      v.isoDate(`Give ${name} as YYYY-MM-DD.`),
      v.check((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Give a real day.'),
    ),
  );

/** The filters and page of the admin's list of SMS notices. */
export const smsMessagesQuerySchema = v.object({
  status: v.optional(v.picklist(smsStatuses, `Status is one of ${smsStatuses.join(', ')}.`)),
  from: optionalDay('from'),
  to: optionalDay('to'),
  lenderId: v.optional(wholeNumberText(1, MAX_ID, 'Give lenderId as a number.')),
  // The paging every list has (page 1 to 1,000,000, limit 1 to 100).
  page: v.optional(pageText, '1'),
  limit: v.optional(limitText, '50'),
});
