/**
 * What the regulations ask of a lender: credit bureau submissions, the complaints register,
 * and notices before adverse listing.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { crbSubmissionStatuses } from '../../../src/domain/crb';
import {
  complaintCategories,
  complaintChannels,
  complaintStatuses,
} from '../../../src/domain/complaints';
import { id, createdAt, updatedAt, money, ref, oneOf } from './columns';
import { users } from './accounts';
import { lenderBusinesses } from './businesses';
import { borrowers } from './borrowers';
import { loans } from './loans';
import { smsMessages } from './messages';

/**
 * The monthly credit bureau submissions of a business (docs/crb.md): each generation of a month
 * is a version holding both files and the errors found in them. A draft is generated again in
 * place; once marked submitted a version never changes (a trigger refuses it, migration of this
 * table), and a corrected resubmission is the next version.
 */
export const crbSubmissions = pgTable(
  'crb_submissions',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    /** The reporting month, YYYY-MM. */
    month: text('month').notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: crbSubmissionStatuses }).notNull().default('draft'),
    consumerFile: text('consumer_file').notNull(),
    accountFile: text('account_file').notNull(),
    accounts: integer('accounts').notNull(),
    consumers: integer('consumers').notNull(),
    nonPerforming: integer('non_performing').notNull(),
    /** The problems found, per borrower and field, with what to fix (src/domain/crb.ts). */
    errors: jsonb('errors').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    generatedByUserId: ref('generated_by_user_id', () => users.id, 'set null'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByUserId: ref('submitted_by_user_id', () => users.id, 'set null'),
  },
  (t) => [
    check('crb_submissions_status_known', oneOf(t.status, crbSubmissionStatuses)),
    uniqueIndex('crb_submissions_version_unique').on(t.lenderBusinessId, t.month, t.version),
    index('crb_submissions_business_idx').on(t.lenderBusinessId, t.month),
  ],
);

/**
 * The complaints register (the README's "Complaints"): one row per complaint, from a
 * borrower's SMS, an agent or the lender. Its history is the audit log (subject
 * "complaint"). The reference is CMP-<year received>-<number>, numbered by one sequence.
 */
export const complaintReferenceSeq = pgSequence('complaint_reference_seq');

export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    reference: text('reference').notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    borrowerId: ref('borrower_id', () => borrowers.id, 'set null'),
    loanId: ref('loan_id', () => loans.id, 'set null'),
    channel: text('channel', { enum: complaintChannels }).notNull(),
    category: text('category', { enum: complaintCategories }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    ownerUserId: ref('owner_user_id', () => users.id, 'set null'),
    recordedByUserId: ref('recorded_by_user_id', () => users.id, 'set null'),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Africa's Talking's id of the SMS it came in: the same message is registered once. */
    sourceMessageId: text('source_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('complaints_channel_known', oneOf(t.channel, complaintChannels)),
    check('complaints_category_known', oneOf(t.category, complaintCategories)),
    check('complaints_status_known', oneOf(t.status, complaintStatuses)),
    uniqueIndex('complaints_reference_unique').on(t.reference),
    uniqueIndex('complaints_source_message_unique').on(t.sourceMessageId),
    index('complaints_business_idx').on(t.lenderBusinessId, t.status, t.dueAt),
    index('complaints_recorded_by_idx').on(t.recordedByUserId),
    check('complaints_text_length', sql`char_length(${t.text}) <= 1000`),
    check(
      'complaints_resolution_when_resolved',
      sql`${t.status} not in ('resolved', 'closed') or ${t.resolution} is not null`,
    ),
  ],
);

/**
 * The notice before adverse listing of a loan (docs/crb.md), once per loan: when, by which SMS,
 * and the day after which the loan may be reported non-performing.
 */
export const crbNotices = pgTable(
  'crb_notices',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    borrowerId: ref('borrower_id', () => borrowers.id).notNull(),
    smsMessageId: ref('sms_message_id', () => smsMessages.id, 'set null'),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
    /** The last day (Africa/Nairobi) to pay before the loan may be reported non-performing. */
    deadline: date('deadline').notNull(),
    balance: money('balance').notNull(),
  },
  (t) => [
    uniqueIndex('crb_notices_loan_unique').on(t.loanId),
    index('crb_notices_business_idx').on(t.lenderBusinessId),
  ],
);
