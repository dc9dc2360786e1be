/**
 * Request keys and the platform's own settings: idempotency keys, platform settings, and
 * administrator acts waiting for a second approval.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  approvalActionNames,
  approvalStatuses,
  approvalSubjects,
} from '../../../src/domain/approvals';
import { id, createdAt, money, ref, oneOf } from './columns';
import { users } from './accounts';

/** Stored answers of create and money requests, by (user, Idempotency-Key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key)],
);

/**
 * The platform's settings, one row (id 1), changed by the super admin only (audit-logged).
 * secondApprovalFrom: from this amount on, the riskiest admin acts wait for a second
 * administrator; null means one administrator is always enough.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey(),
    secondApprovalFrom: money('second_approval_from'),
    updatedByUserId: ref('updated_by_user_id', () => users.id, 'set null'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * An admin act at or above the threshold, proposed by one administrator and waiting for a
 * second (src/domain/approvals.ts). At most one waits per payment; approving runs the act.
 */
export const adminApprovals = pgTable(
  'admin_approvals',
  {
    id: id(),
    action: text('action', { enum: approvalActionNames }).notNull(),
    subjectType: text('subject_type', { enum: approvalSubjects }).notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    /** What the act needs when it runs: the decision, the business, the phone number. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: approvalStatuses }).notNull().default('pending'),
    proposedByUserId: ref('proposed_by_user_id', () => users.id, 'set null'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: ref('decided_by_user_id', () => users.id, 'set null'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected, or why the act could no longer be done. */
    note: text('note'),
  },
  (t) => [
    check('admin_approvals_action_known', oneOf(t.action, approvalActionNames)),
    check('admin_approvals_subject_type_known', oneOf(t.subjectType, approvalSubjects)),
    check('admin_approvals_status_known', oneOf(t.status, approvalStatuses)),
    uniqueIndex('admin_approvals_one_pending')
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    index('admin_approvals_status_idx').on(t.status, t.id),
  ],
);
