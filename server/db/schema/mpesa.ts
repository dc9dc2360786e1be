/**
 * M-Pesa: outbound requests (STK push, B2C) with their history, the simulator's own state,
 * STK callbacks as they arrived, and borrowers' paybill payments (C2B).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  mpesaPurposes,
  mpesaRequestKinds,
  mpesaRequestStatuses,
  simulatorPaymentKinds,
} from '../../../src/domain/mpesa-payments';
import { id, createdAt, money, ref, oneOf } from './columns';
import { users } from './accounts';
import { lenderBusinesses } from './businesses';
import { loans } from './loans';

/** Outbound M-Pesa requests (STK push, B2C) and their results. */
export const mpesaRequests = pgTable(
  'mpesa_requests',
  {
    id: id(),
    kind: text('kind', { enum: mpesaRequestKinds }).notNull(),
    /** payer_refund: an unassigned paybill payment sent back to its payer by an admin. */
    purpose: text('purpose', { enum: mpesaPurposes }).notNull(),
    /** Null only for a payer_refund: that money was never any business's capital. */
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id),
    loanId: ref('loan_id', () => loans.id),
    initiatedByUserId: ref('initiated_by_user_id', () => users.id, 'set null'),
    phoneNumber: text('phone_number').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: mpesaRequestStatuses }).notNull().default('pending'),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    receipt: text('receipt'),
    rawResult: jsonb('raw_result'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A B2C whose outcome is unknown (queue timeout, no answer) waits for a status query. */
    timedOutAt: timestamp('timed_out_at', { withTimezone: true }),
    /** The ConversationID of the latest transaction status query about this B2C. */
    statusQueryId: text('status_query_id'),
    statusQueriedAt: timestamp('status_queried_at', { withTimezone: true }),
    statusQueries: integer('status_queries').notNull().default(0),
    /** How many times the request was handed to M-Pesa (a resend after a crash reuses its ids). */
    sendAttempts: integer('send_attempts').notNull().default(0),
    /** When M-Pesa accepted the request (its ConversationID or CheckoutRequestID saved). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The amount M-Pesa reported in its result, when it differs from `amount`. */
    reportedAmount: money('reported_amount'),
    /** An administrator settled it by hand (Payments needing a decision). */
    decidedByUserId: ref('decided_by_user_id', () => users.id, 'set null'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('mpesa_requests_kind_known', oneOf(t.kind, mpesaRequestKinds)),
    check('mpesa_requests_purpose_known', oneOf(t.purpose, mpesaPurposes)),
    check('mpesa_requests_status_known', oneOf(t.status, mpesaRequestStatuses)),
    uniqueIndex('mpesa_requests_checkout_unique').on(t.checkoutRequestId),
    index('mpesa_requests_status_query_idx').on(t.statusQueryId),
    index('mpesa_requests_pending_b2c_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'b2c' and ${t.status} = 'pending'`),
    uniqueIndex('mpesa_requests_originator_unique').on(t.originatorConversationId),
    index('mpesa_requests_conversation_idx').on(t.conversationId),
    index('mpesa_requests_business_idx').on(t.lenderBusinessId),
    index('mpesa_requests_initiator_idx').on(t.initiatedByUserId, t.createdAt),
  ],
);

/** What happened to an M-Pesa request, in order: its history on the admins' screens. */
export const mpesaRequestEvents = pgTable(
  'mpesa_request_events',
  {
    id: id(),
    mpesaRequestId: ref('mpesa_request_id', () => mpesaRequests.id, 'cascade').notNull(),
    /** created, sent, send_failed, resent, timed_out, status_queried, result, decided … */
    kind: text('kind').notNull(),
    detail: jsonb('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mpesa_request_events_request_idx').on(t.mpesaRequestId, t.id)],
);

/**
 * The M-Pesa simulator's own state (MPESA_MODE=simulator): the callbacks it owes and
 * the payments it made, kept in the database so a restart (or another instance)
 * still delivers them and answers status queries about them.
 */
export const mpesaSimulatorPayments = pgTable(
  'mpesa_simulator_payments',
  {
    id: id(),
    kind: text('kind', { enum: simulatorPaymentKinds }).notNull(),
    /** CheckoutRequestID (stk), OriginatorConversationID (b2c), query ConversationID (status). */
    reference: text('reference').notNull(),
    /** What the simulated M-Pesa did: amount, receipt, completed, phone… */
    payment: jsonb('payment').notNull(),
    callbackUrl: text('callback_url').notNull(),
    callbackBody: jsonb('callback_body').notNull(),
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('mpesa_simulator_payments_kind_known', oneOf(t.kind, simulatorPaymentKinds)),
    uniqueIndex('mpesa_simulator_payments_reference_unique').on(t.kind, t.reference),
    index('mpesa_simulator_payments_due_idx')
      .on(t.deliverAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * Every STK callback as it arrived, stored before it is acted on (Daraja's API reference): one that
 * comes before the CheckoutRequestID of its request was saved is applied then.
 */
export const mpesaStkCallbacks = pgTable('mpesa_stk_callbacks', {
  checkoutRequestId: text('checkout_request_id').primaryKey(),
  raw: jsonb('raw').notNull(),
  createdAt: createdAt(),
});

/** Borrowers' paybill payments (M-Pesa C2B confirmations). */
export const mpesaRepaymentTransactions = pgTable(
  'mpesa_repayment_transactions',
  {
    id: id(),
    transId: text('trans_id').notNull(),
    billRefNumber: text('bill_ref_number').notNull(),
    businessShortCode: text('business_short_code').notNull(),
    msisdn: text('msisdn'),
    firstName: text('first_name'),
    amount: money('amount').notNull(),
    transTime: text('trans_time'),
    verified: boolean('verified').notNull().default(false),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id),
    loanId: ref('loan_id', () => loans.id),
    matchedByUserId: ref('matched_by_user_id', () => users.id, 'set null'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /**
     * Why it was not applied, for administrators: an amount M-Pesa could not have
     * carried (≤ 0, above the limit). Such a payment is never applied.
     */
    anomaly: text('anomaly'),
    /** An administrator gave an unassigned payment to a business (its Manual Match). */
    assignedByUserId: ref('assigned_by_user_id', () => users.id, 'set null'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** An administrator sent an unassigned payment back to its payer (B2C). */
    payerRefundRequestId: ref('payer_refund_request_id', () => mpesaRequests.id),
    raw: jsonb('raw'),
    createdAt: createdAt(),
  },
  (t) => [
    // TransIDs are stored upper-case, so one receipt is one row whatever its letter case.
    uniqueIndex('mpesa_repayment_transactions_trans_id_unique').on(t.transId),
    check('mpesa_repayment_transactions_trans_id_upper', sql`${t.transId} = upper(${t.transId})`),
    // The admins' Unassigned payments: not any business's, not applied.
    index('mpesa_repayment_transactions_unassigned_idx')
      .on(t.id)
      .where(sql`${t.lenderBusinessId} is null and ${t.loanId} is null`),
    index('mpesa_repayment_transactions_business_idx').on(t.lenderBusinessId, t.verified),
    index('mpesa_repayment_transactions_loan_idx').on(t.loanId),
    index('mpesa_repayment_transactions_matcher_idx')
      .on(t.matchedByUserId, t.matchedAt)
      .where(sql`${t.matchedByUserId} is not null`),
  ],
);
