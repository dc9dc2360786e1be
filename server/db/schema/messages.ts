/** SMS notices to borrowers. */
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages } from '../../../src/domain/languages';
import { smsKinds, smsStatuses } from '../../../src/domain/sms';
import { id, createdAt, updatedAt, ref, oneOf } from './columns';
import { lenderBusinesses } from './businesses';
import { borrowers } from './borrowers';
import { loans } from './loans';

/**
 * The SMS outbox and record (the README's "Money and M-Pesa"): a notice is written in the
 * transaction of the money event that causes it and sent after commit; the row then keeps what the
 * provider said (its message id, the cost) and the delivery report's status. `dedupeKey` makes
 * every notice once-only: a rerun of the job, a second instance or a repeated callback finds it
 * already there.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    /** Null for a notice about a complaint that names no loan. */
    loanId: ref('loan_id', () => loans.id),
    borrowerId: ref('borrower_id', () => borrowers.id).notNull(),
    /** Always the borrower's own number, never a referee's or next of kin's. */
    phoneNumber: text('phone_number').notNull(),
    kind: text('kind', { enum: smsKinds }).notNull(),
    language: text('language', { enum: languages }).notNull(),
    /** The figures of the notice, captured when the event happened. */
    params: jsonb('params').notNull(),
    /** The text, written from params in the borrower's language when it is sent. */
    body: text('body'),
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status', { enum: smsStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    costCurrency: text('cost_currency'),
    costAmount: numeric('cost_amount', { precision: 12, scale: 4 }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sms_messages_kind_known', oneOf(t.kind, smsKinds)),
    check('sms_messages_language_known', oneOf(t.language, languages)),
    check('sms_messages_status_known', oneOf(t.status, smsStatuses)),
    uniqueIndex('sms_messages_dedupe_unique').on(t.dedupeKey),
    index('sms_messages_loan_idx').on(t.loanId, t.id),
    index('sms_messages_business_idx').on(t.lenderBusinessId, t.createdAt),
    // The dispatcher reads what waits; admins filter by status and time.
    index('sms_messages_status_idx').on(t.status, t.createdAt),
    index('sms_messages_provider_id_idx').on(t.providerMessageId),
  ],
);
