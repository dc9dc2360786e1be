/**
 * Where money goes: the capital ledger of a business, a loan's wallet, how repayments were
 * applied, fines, refunds and write-offs.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fineKinds } from '../../../src/domain/loans';
import { capitalSources } from '../../../src/domain/capital';
import { refundStatuses } from '../../../src/domain/loan-statuses';
import { walletSources } from '../../../src/domain/refunds';
import { id, createdAt, money, ref, oneOf, rate } from './columns';
import { users } from './accounts';
import { lenderBusinesses } from './businesses';
import { loans } from './loans';
import { mpesaRequests, mpesaRepaymentTransactions } from './mpesa';

/** The capital ledger of a business: signed amounts with the running balance. */
export const capitalTransactions = pgTable(
  'capital_transactions',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    source: text('source', { enum: capitalSources }).notNull(),
    amount: money('amount').notNull(),
    balance: money('balance').notNull(),
    reference: text('reference'),
    mpesaRequestId: ref('mpesa_request_id', () => mpesaRequests.id),
    loanId: ref('loan_id', () => loans.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('capital_transactions_source_known', oneOf(t.source, capitalSources)),
    index('capital_transactions_business_idx').on(t.lenderBusinessId, t.id),
    check('capital_transactions_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);

/** A loan's wallet: every repayment credits it, applications and refunds debit it. */
export const walletRecords = pgTable(
  'wallet_records',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    source: text('source', { enum: walletSources }).notNull(),
    amount: money('amount').notNull(),
    total: money('total').notNull(),
    mpesaRepaymentId: ref('mpesa_repayment_id', () => mpesaRepaymentTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('wallet_records_source_known', oneOf(t.source, walletSources)),
    index('wallet_records_loan_idx').on(t.loanId, t.id),
    check('wallet_records_total_not_negative', sql`${t.total} >= 0`),
  ],
);

/** How each repayment was applied: fines first, then interest, then principal. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    mpesaRepaymentId: ref('mpesa_repayment_id', () => mpesaRepaymentTransactions.id),
    fineAmount: money('fine_amount').notNull(),
    interestAmount: money('interest_amount').notNull(),
    principalAmount: money('principal_amount').notNull(),
    total: money('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_payments_loan_idx').on(t.loanId),
    // Revenue per lender: interest and fines collected, read from this index alone.
    index('loan_payments_business_idx').on(t.lenderBusinessId, t.interestAmount, t.fineAmount),
  ],
);

export const fines = pgTable(
  'fines',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    kind: text('kind', { enum: fineKinds }).notNull(),
    /** The instalment number (within) or the elapsed cycle (over). */
    period: integer('period').notNull(),
    fineRate: rate('fine_rate').notNull(),
    fineAmount: money('fine_amount').notNull(),
    fineBalance: money('fine_balance').notNull(),
    /** The day the fine was drawn for (Africa/Nairobi calendar day). */
    accruedOn: date('accrued_on').notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('fines_kind_known', oneOf(t.kind, fineKinds)),
    uniqueIndex('fines_loan_kind_period_unique').on(t.loanId, t.kind, t.period),
    index('fines_business_idx').on(t.lenderBusinessId),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    amount: money('amount').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** Why the refund went to a number other than the borrower's own; null when it did not. */
    reason: text('reason'),
    mpesaRequestId: ref('mpesa_request_id', () => mpesaRequests.id),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    requestedByUserId: ref('requested_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_status_known', oneOf(t.status, refundStatuses)),
    index('refunds_loan_idx').on(t.loanId),
  ],
);

export const writeOffs = pgTable(
  'write_offs',
  {
    id: id(),
    loanId: ref('loan_id', () => loans.id).notNull(),
    amount: money('amount').notNull(),
    /** Paid by the borrower after the write-off (a recovery); at most `amount`. */
    recoveredAmount: money('recovered_amount').notNull().default('0'),
    byUserId: ref('by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('write_offs_loan_unique').on(t.loanId),
    index('write_offs_by_user_idx').on(t.byUserId, t.createdAt),
  ],
);
