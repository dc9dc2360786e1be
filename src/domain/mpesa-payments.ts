/**
 * M-Pesa requests, shared by forms and server: their kinds, purposes and statuses, the limits
 * of one B2C payment, the phone number a payment goes to, and a payment as the administrators'
 * Payments needing a decision and Amount differences lists answer it
 * (GET /admin/mpesa/decisions, /admin/mpesa/amount-differences). Apart from
 * src/domain/mpesa-decisions.ts (the decision form's schema, loaded by the dialog) so the
 * client, which only types its answers with these, does not load them.
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { moneyText } from '../i18n/money';
import { amount, freeForm, idValue, timestamp } from './answers';
import { waitingApprovalView } from './approvals';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { normalizeKenyanPhone } from './phone';

/** An M-Pesa request: an STK push (money in) or a B2C payment (money out). */
export const mpesaRequestKinds = ['stk', 'b2c'] as const;
/** What it moves money for; a payer_refund sends an unassigned payment back to its payer. */
export const mpesaPurposes = [
  'deposit',
  'withdrawal',
  'disbursement',
  'refund',
  'payer_refund',
] as const;
export const mpesaRequestStatuses = ['pending', 'succeeded', 'failed'] as const;
/** What the built-in M-Pesa simulator keeps in flight (its status queries too). */
export const simulatorPaymentKinds = ['stk', 'b2c', 'status'] as const;

/** M-Pesa's limits for one B2C payment (Daraja's API reference). */
export const MIN_B2C_AMOUNT = 10;
export const MAX_B2C_AMOUNT = 250_000;
/**
 * The phone number an M-Pesa payment goes to or comes from: 10 digits without the country
 * code (07XXXXXXXX) once its separators are out; the input itself takes `0712 345 678` and
 * `+254 712 345 678` as typed or pasted.
 */
export const paymentPhone = v.pipe(
  requiredString(moneyText.phoneRequired),
  v.trim(),
  v.nonEmpty(moneyText.phoneRequired),
  maxLengthOf(inputText.labels.phoneNumber, MAX_LENGTH.phone),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const normalized = normalizeKenyanPhone(dataset.value);
    if (!normalized) {
      addIssue({ message: moneyText.phoneNotKenyan });
      return NEVER;
    }
    return normalized;
  }),
);

/** The sentence a B2C amount below M-Pesa's minimum gets; the client looks for its words. */
export const BELOW_MINIMUM_MARKER = 'less than the minimum transaction amount';

/** One step of a payment's history (mpesa_request_events). */
export const paymentEventView = v.object({
  id: idValue,
  /** created, sent, send_failed, resent, never_sent, timed_out, status_queried … */
  kind: v.string(),
  // Free-form (what each step recorded): every field is sent (a record would document
  // propertyNames, which OpenAPI 3.0 refuses; a loose object would send none).
  detail: v.nullable(freeForm({})),
  at: timestamp,
});
export type PaymentEvent = v.InferOutput<typeof paymentEventView>;

/** How the amount M-Pesa paid differs from the amount asked, and what was posted for it. */
export const amountDifferenceView = v.object({
  requested: amount,
  reported: amount,
  /** The correction made to the capital ledger (+ credited, − debited). */
  posted: amount,
  /** What could not be posted (capital too low): left for an administrator. */
  unposted: amount,
});
export type AmountDifference = v.InferOutput<typeof amountDifferenceView>;

/** A payment needing a decision, or settled for another amount than was asked. */
export const paymentForDecisionView = v.object({
  id: idValue,
  kind: v.picklist(mpesaRequestKinds),
  purpose: v.picklist(mpesaPurposes),
  status: v.picklist(mpesaRequestStatuses),
  amount,
  reportedAmount: v.nullable(amount),
  phoneNumber: v.string(),
  business: v.nullable(v.object({ id: idValue, businessName: v.string() })),
  loan: v.nullable(v.object({ id: idValue, loanCode: v.string() })),
  /** The email of who started it. */
  initiatedBy: v.nullable(v.string()),
  originatorConversationId: v.nullable(v.string()),
  conversationId: v.nullable(v.string()),
  checkoutRequestId: v.nullable(v.string()),
  receipt: v.nullable(v.string()),
  resultCode: v.nullable(v.string()),
  resultDesc: v.nullable(v.string()),
  sendAttempts: idValue,
  statusQueries: idValue,
  createdAt: timestamp,
  sentAt: v.nullable(timestamp),
  completedAt: v.nullable(timestamp),
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(timestamp),
  decisionReason: v.nullable(v.string()),
  difference: v.nullable(amountDifferenceView),
  events: v.array(paymentEventView),
  /** A decision about it waits for a second administrator. */
  waitingApproval: waitingApprovalView,
});
export type PaymentForDecision = v.InferOutput<typeof paymentForDecisionView>;

/**
 * What Daraja's callbacks are answered (Daraja's API reference): { ResultCode, ResultDesc },
 * the code 0 when accepted, or a rejection code such as 'C2B00016'.
 */
export const darajaAnswerView = v.object({
  ResultCode: v.union([v.number(), v.string()]),
  ResultDesc: v.string(),
});
