/** Loans, their repayment schedules, and agents' follow-up notes about them. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanStatuses } from '../../../src/domain/loans';
import { id, createdAt, updatedAt, money, ref, oneOf, rate } from './columns';
import { users } from './accounts';
import { lenderBusinesses, loanPlans } from './businesses';
import { borrowers } from './borrowers';

export const loans = pgTable(
  'loans',
  {
    id: id(),
    loanCode: text('loan_code').notNull(),
    borrowerId: ref('borrower_id', () => borrowers.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    lenderLoanPlanId: ref('lender_loan_plan_id', () => loanPlans.id).notNull(),
    requesterUserId: ref('requester_user_id', () => users.id, 'set null'),
    approverUserId: ref('approver_user_id', () => users.id, 'set null'),
    status: text('status', { enum: loanStatuses }).notNull().default('pending'),
    principalAmount: money('principal_amount').notNull(),
    processingFee: money('processing_fee').notNull(),
    interestAmount: money('interest_amount').notNull(),
    initialAmount: money('initial_amount').notNull(),
    disbursementAmount: money('disbursement_amount').notNull(),
    outstandingAmount: money('outstanding_amount').notNull(),
    // The plan's terms at application: a later change to the plan never changes this loan.
    interestRate: rate('interest_rate').notNull(),
    processingFeeRate: rate('processing_fee_rate').notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    fineRateWithinLoanPeriod: rate('fine_rate_within_loan_period').notNull(),
    fineRateOverLoanPeriod: rate('fine_rate_over_loan_period').notNull(),
    gracePeriodWithinLoanPeriod: rate('grace_period_within_loan_period').notNull(),
    gracePeriodOverLoanPeriod: rate('grace_period_over_loan_period').notNull(),
    applicationDate: timestamp('application_date', { withTimezone: true }).notNull().defaultNow(),
    disbursementDate: timestamp('disbursement_date', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** Kenya's in duplum cap: set when the loan first falls past due (docs/architecture.md §5). */
    inDuplumCap: money('in_duplum_cap'),
    defaultedAt: timestamp('defaulted_at', { withTimezone: true }),
    /**
     * Why M-Pesa did not pay the latest disbursement, for the lender ("M-Pesa could not
     * pay 0700000002: insufficient funds"); cleared when the loan is approved again.
     */
    disbursementFailure: text('disbursement_failure'),
    disbursementFailedAt: timestamp('disbursement_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('loans_status_known', oneOf(t.status, loanStatuses)),
    uniqueIndex('loans_code_unique').on(t.loanCode),
    // One open loan per borrower (a borrower belongs to one business).
    uniqueIndex('loans_one_open_per_borrower')
      .on(t.borrowerId)
      .where(sql`${t.status} in ('pending', 'disbursing', 'active', 'default')`),
    // The admin reports read a lender's loans from this index alone (index-only scans):
    // counts by status, and due date, amounts and fee for the past-due and revenue sums.
    index('loans_business_status_idx').on(
      t.lenderBusinessId,
      t.status,
      t.dueDate,
      t.initialAmount,
      t.outstandingAmount,
      t.processingFee,
    ),
    index('loans_borrower_idx').on(t.borrowerId),
    index('loans_requester_idx').on(t.requesterUserId, t.applicationDate),
    // An agent's applications in one business, newest first (the agent's loans screen
    // pages them): read in order, a page stops after its rows instead of sorting them all.
    index('loans_requester_business_idx').on(
      t.requesterUserId,
      t.lenderBusinessId,
      t.applicationDate,
      t.id,
    ),
    index('loans_rejected_by_idx')
      .on(t.approverUserId, t.rejectedAt)
      .where(sql`${t.rejectedAt} is not null`),
  ],
);

/** The repayment schedule, fixed at application; due dates follow from disbursement. */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id, 'cascade').notNull(),
    number: integer('number').notNull(),
    dayOffset: integer('day_offset').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [uniqueIndex('loan_instalments_loan_number_unique').on(t.loanId, t.number)],
);

/** Notes of an agent's calls and visits about a loan (the loan's follow-up page). */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    /** The author: an agent (a lender's own notes would carry the lender's id). */
    agentUserId: ref('agent_user_id', () => users.id, 'set null'),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_ups_loan_idx').on(t.loanId, t.createdAt),
    index('follow_ups_business_idx').on(t.lenderBusinessId),
    index('follow_ups_agent_idx').on(t.agentUserId, t.createdAt),
  ],
);
