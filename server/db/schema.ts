/**
 * The database schema (docs/architecture.md §10). One schema for PGlite and PostgreSQL; ids are
 * positive bigint identities (the client's temporary ids are negative).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// Every enum list comes from src/domain, where the client reads the same arrays.
import {
  approvalActionNames,
  approvalStatuses,
  approvalSubjects,
} from '../../src/domain/approvals';
import { tokenPurposes } from '../../src/domain/auth';
import { crbSubmissionStatuses } from '../../src/domain/crb';
import { borrowerGenders, borrowerStatuses } from '../../src/domain/borrowers';
import {
  complaintCategories,
  complaintChannels,
  complaintStatuses,
} from '../../src/domain/complaints';
import { loanFileKinds } from '../../src/domain/field-work';
import { languages } from '../../src/domain/languages';
import { fineKinds, loanStatuses } from '../../src/domain/loans';
import { capitalSources } from '../../src/domain/capital';
import {
  mpesaPurposes,
  mpesaRequestKinds,
  mpesaRequestStatuses,
  simulatorPaymentKinds,
} from '../../src/domain/mpesa-payments';
import { refundStatuses } from '../../src/domain/loan-statuses';
import { walletSources } from '../../src/domain/refunds';
import { businessKinds } from '../../src/domain/reference-data';
import {
  adminStatuses,
  agentStatuses,
  businessStatuses,
  lenderStatuses,
  roles,
} from '../../src/domain/roles';
import { smsKinds, smsStatuses } from '../../src/domain/sms';
import { syncEntities } from '../../src/domain/working-set';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money: numeric(14,2), read as a string and converted to integer cents in src/domain. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A column that holds another table's id: a foreign key, whose rows go as `onDelete` says. */
const ref = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade' | 'set null') =>
  bigint(name, { mode: 'number' }).references(target, onDelete && { onDelete });
const documentRef = (name: string) => ref(name, (): AnyPgColumn => documents.id, 'set null');

/**
 * A CHECK that a column holds one of a list's values: the same `as const` list its
 * TypeScript type is read from, so the database refuses what the type would.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;

/** What users.status may hold: a lender's statuses, and an agent's or administrator's. */
// 'active' is both an agent's and an administrator's; the column is text either way.
const userStatuses = [...lenderStatuses, ...agentStatuses, ...adminStatuses] as const;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: roles }).notNull(),
    /** A lender's status is capitalised (New, Active…), an agent's or administrator's not. */
    status: text('status', { enum: userStatuses }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_known', oneOf(t.role, roles)),
    check('users_status_known', oneOf(t.status, userStatuses)),
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_status_idx').on(t.role, t.status),
    // User growth counts each month's sign-ups by role on this index.
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A lender's profile; its id is the user's id. */
export const lenders = pgTable('lenders', {
  id: ref('id', () => users.id, 'cascade').primaryKey(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  idNumber: text('id_number'),
  gender: text('gender'),
  lenderRegionId: ref('lender_region_id', () => regions.id),
  passportPhotoId: documentRef('passport_photo_id'),
  idFrontId: documentRef('id_front_id'),
  idBackId: documentRef('id_back_id'),
  rejectionReason: text('rejection_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An administrator's profile; its id is the user's id. */
export const admins = pgTable('admins', {
  id: ref('id', () => users.id, 'cascade').primaryKey(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    /** sha256 of the token; the token itself is only ever in the link. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_reset_tokens_purpose_known', oneOf(t.purpose, tokenPurposes)),
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A signed-in session: every access token carries its id (`sid`), and a refreshed token
 * keeps it, so ending the session ends every token that came from the same sign-in.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random, unguessable; the JWT's `sid` claim. */
    id: text('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
    /** The expiry of the newest token issued for it; a refresh moves it on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password | blocked | suspended | factor-reset … */
    revokedReason: text('revoked_reason'),
    /**
     * When this session last proved the second factor (a code at sign-in or since, or the
     * enrolment that confirmed it); null for a session of a password only. An
     * administrator's session works only once it is set; withdrawals ask again after 15
     * minutes (server/modules/auth/factor.ts).
     */
    factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A user's second factor (TOTP, RFC 6238): one per user. The secret is kept encrypted
 * (AES-256-GCM under MFA_SECRET_KEY, server/modules/auth/factor-secret.ts), never in clear.
 */
export const userFactors = pgTable('user_factors', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Null while the enrolment waits for its first code; only a confirmed factor counts. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The newest 30-second time step whose code was accepted: it and older ones are refused. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, argon2-hashed like passwords. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins counted per key (client address; email and address) in a fixed
 * window, in the database so every instance sees the same counts.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  // Stale counters are pruned by their window's start.
  (t) => [index('auth_failures_window_idx').on(t.windowStartedAt)],
);

/**
 * Requests counted per key in a fixed window (registration and password-reset requests,
 * through @fastify/rate-limit's store): in the database, so every instance counts the
 * same requests. Keys are hashed: no addresses or emails in clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the key's window ends; the next request after it starts a new window at 1. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Ended windows are pruned by their end.
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: ref('actor_user_id', () => users.id, 'set null'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

export const regions = pgTable(
  'regions',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('regions_name_unique').on(sql`lower(${t.name})`)],
);

export const lenderBusinessTypes = pgTable(
  'lender_business_types',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    businessType: text('business_type', { enum: businessKinds }).notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lender_business_types_business_type_known', oneOf(t.businessType, businessKinds)),
    uniqueIndex('lender_business_types_name_unique').on(sql`lower(${t.name})`),
  ],
);

/** Uploaded files; the bytes live in file storage under storage_key. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ownerUserId: ref('owner_user_id', () => users.id, 'set null'),
    /** The business whose lender and agents may also see it (borrower and loan files). */
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documents_storage_key_unique').on(t.storageKey),
    index('documents_owner_idx').on(t.ownerUserId),
    index('documents_business_idx').on(t.lenderBusinessId),
  ],
);

export const lenderBusinesses = pgTable(
  'lender_businesses',
  {
    id: id(),
    lenderId: ref('lender_id', () => lenders.id, 'cascade').notNull(),
    lenderBusinessTypeId: ref('lender_business_type_id', () => lenderBusinessTypes.id).notNull(),
    businessName: text('business_name').notNull(),
    lenderBusinessCode: text('lender_business_code').notNull(),
    paybillNumber: text('paybill_number'),
    /**
     * When an administrator verified that the paybill belongs to this business; only then
     * are payments to it applied to the business's loans.
     */
    paybillVerifiedAt: timestamp('paybill_verified_at', { withTimezone: true }),
    paybillVerifiedByUserId: ref('paybill_verified_by_user_id', () => users.id, 'set null'),
    defaultLoanLimit: money('default_loan_limit').notNull(),
    status: text('status', { enum: businessStatuses }).notNull().default('new'),
    businessLicenseId: documentRef('business_license_id'),
    registrationCertificateId: documentRef('registration_certificate_id'),
    /** Running capital balance; the row is the lock that serializes capital writes. */
    capitalBalance: money('capital_balance').notNull().default('0'),
    /**
     * The business requires its lender to sign in with a second factor: set by the lender,
     * only with a factor confirmed, and the factor cannot be turned off while it is set.
     */
    requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lender_businesses_status_known', oneOf(t.status, businessStatuses)),
    uniqueIndex('lender_businesses_code_unique').on(t.lenderBusinessCode),
    // A paybill belongs to at most one business: money paid to it sits in that account.
    uniqueIndex('lender_businesses_paybill_unique').on(t.paybillNumber),
    // Stored without leading zeros (normalizePaybill), so 0600100 cannot sit beside 600100.
    check('lender_businesses_paybill_normalised', sql`${t.paybillNumber} !~ '^0'`),
    check('lender_businesses_capital_not_negative', sql`${t.capitalBalance} >= 0`),
    index('lender_businesses_lender_idx').on(t.lenderId),
    index('lender_businesses_type_idx').on(t.lenderBusinessTypeId),
    index('lender_businesses_status_idx').on(t.status),
  ],
);

/** Rates are percentages 0–100 with up to two decimals. */
const rate = (name: string) => numeric(name, { precision: 5, scale: 2 });

export const lenderBusinessAreas = pgTable(
  'lender_business_areas',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lender_business_areas_name_unique').on(t.lenderBusinessId, sql`lower(${t.name})`),
  ],
);

export const repaymentCycles = pgTable(
  'repayment_cycles',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    name: text('name').notNull(),
    days: integer('days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('repayment_cycles_name_unique').on(t.lenderBusinessId, sql`lower(${t.name})`),
    check('repayment_cycles_days_range', sql`${t.days} between 1 and 365`),
  ],
);

export const loanPlans = pgTable(
  'loan_plans',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    repaymentCycleId: ref('repayment_cycle_id', () => repaymentCycles.id).notNull(),
    name: text('name').notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    interestRate: rate('interest_rate').notNull(),
    processingFee: rate('processing_fee').notNull(),
    fineRateWithinLoanPeriod: rate('fine_rate_within_loan_period').notNull(),
    fineRateOverLoanPeriod: rate('fine_rate_over_loan_period').notNull(),
    gracePeriodWithinLoanPeriod: rate('grace_period_within_loan_period').notNull(),
    gracePeriodOverLoanPeriod: rate('grace_period_over_loan_period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_plans_business_idx').on(t.lenderBusinessId),
    check('loan_plans_duration_positive', sql`${t.durationInDays} >= 1`),
  ],
);

/** An agent's profile; its id is the user's id; it works for one lender. */
export const agents = pgTable(
  'agents',
  {
    id: ref('id', () => users.id, 'cascade').primaryKey(),
    lenderId: ref('lender_id', () => lenders.id, 'cascade').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    idNumber: text('id_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_lender_idx').on(t.lenderId)],
);

/** Which businesses an agent works for, and in which area of each. */
export const agentBusinesses = pgTable(
  'agent_businesses',
  {
    agentId: ref('agent_id', () => agents.id, 'cascade').notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    lenderBusinessAreaId: ref('lender_business_area_id', () => lenderBusinessAreas.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.lenderBusinessId] }),
    index('agent_businesses_business_idx').on(t.lenderBusinessId),
  ],
);

export const borrowers = pgTable(
  'borrowers',
  {
    id: id(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id, 'cascade').notNull(),
    lenderBusinessAreaId: ref('lender_business_area_id', () => lenderBusinessAreas.id, 'set null'),
    referringBorrowerId: ref('referring_borrower_id', (): AnyPgColumn => borrowers.id, 'set null'),
    registeredByUserId: ref('registered_by_user_id', () => users.id, 'set null'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Normalised: 2547XXXXXXXX or 2541XXXXXXXX. */
    phoneNumber: text('phone_number').notNull(),
    alternativePhoneNumber: text('alternative_phone_number'),
    gender: text('gender', { enum: borrowerGenders }).notNull(),
    dob: date('dob').notNull(),
    nextOfKinName: text('next_of_kin_name').notNull(),
    nextOfKinNumber: text('next_of_kin_number').notNull(),
    nextOfKinRelation: text('next_of_kin_relation').notNull(),
    idNumber: text('id_number').notNull(),
    passportPhotoId: documentRef('passport_photo_id'),
    idFrontId: documentRef('id_front_id'),
    idBackId: documentRef('id_back_id'),
    status: text('status', { enum: borrowerStatuses }).notNull().default('active'),
    loanLimit: money('loan_limit').notNull(),
    /** The language of the borrower's SMS notices. */
    language: text('language', { enum: languages }).notNull().default('en'),
    /** When the borrower asked for no more payment reminders (receipts still go); null: wanted. */
    smsRemindersOptedOutAt: timestamp('sms_reminders_opted_out_at', { withTimezone: true }),
    // The borrower's consent at registration (Data Protection Act 2019): the text agreed
    // to, its version and when; null for borrowers registered before consent was asked.
    consentVersion: text('consent_version'),
    consentText: text('consent_text'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** When the borrower's personal data was erased (data rights); null: not erased. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('borrowers_gender_known', oneOf(t.gender, borrowerGenders)),
    check('borrowers_status_known', oneOf(t.status, borrowerStatuses)),
    check('borrowers_language_known', oneOf(t.language, languages)),
    uniqueIndex('borrowers_business_phone_unique').on(t.lenderBusinessId, t.phoneNumber),
    uniqueIndex('borrowers_business_id_number_unique').on(
      t.lenderBusinessId,
      sql`lower(${t.idNumber})`,
    ),
    index('borrowers_business_idx').on(t.lenderBusinessId, t.status),
    // Who registered whom, and when: an agent's latest action (the activity reports).
    index('borrowers_registered_by_idx').on(t.registeredByUserId, t.createdAt),
    // User growth counts each month's new borrowers on this index.
    index('borrowers_created_idx').on(t.createdAt),
  ],
);

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

/** Notes of an agent's calls and visits about a loan (the spec's "Loan follow-up page"). */
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

/** A borrower's loan file: the folder its signed agreement and other documents go in. */
export const loanAgreements = pgTable(
  'loan_agreements',
  {
    id: id(),
    borrowerId: ref('borrower_id', () => borrowers.id).notNull(),
    lenderBusinessId: ref('lender_business_id', () => lenderBusinesses.id).notNull(),
    createdByUserId: ref('created_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_agreements_borrower_idx').on(t.borrowerId),
    index('loan_agreements_business_idx').on(t.lenderBusinessId),
  ],
);

/** The files of a loan agreement; the bytes and their type and size are in `documents`. */
export const loanAgreementFiles = pgTable(
  'loan_agreement_files',
  {
    id: id(),
    loanAgreementId: ref('loan_agreement_id', () => loanAgreements.id, 'cascade').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: loanFileKinds }).notNull(),
    documentId: ref('document_id', () => documents.id).notNull(),
    uploadedByUserId: ref('uploaded_by_user_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    check('loan_agreement_files_kind_known', oneOf(t.kind, loanFileKinds)),
    index('loan_agreement_files_agreement_idx').on(t.loanAgreementId),
  ],
);

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

/**
 * A counter per business, raised in the same transaction as every write to that business's
 * data (triggers, migration 0021), and row 0 for the platform's shared lists (regions,
 * business types). The answer cache (server/plugins/answer-cache.ts) keeps a read's answer
 * only as long as the counters of the caller's businesses stay where they were when it was
 * built, so a cached answer is never older than the data, on any instance.
 */
export const answerVersions = pgTable('answer_versions', {
  lenderBusinessId: bigint('lender_business_id', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The agent's working set (src/domain/working-set.ts): for each business, which record last
 * changed at which answer_versions counter. The same triggers write it, in the writing
 * transaction, under the counter's row lock, so one business's versions become visible in
 * order. A sync since counter N reads the records changed after N; a deleted record's row
 * stays, so its id reaches the phone as a tombstone.
 */
export const syncChanges = pgTable(
  'sync_changes',
  {
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' }).notNull(),
    entity: text('entity', { enum: syncEntities }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('sync_changes_entity_known', oneOf(t.entity, syncEntities)),
    primaryKey({ columns: [t.lenderBusinessId, t.entity, t.entityId] }),
    index('sync_changes_version_idx').on(t.lenderBusinessId, t.version),
  ],
);

/**
 * One row: the generation of the counters. A TRUNCATE or a restore starts a new one, and a
 * phone holding a token of another generation fills its working set again.
 */
export const syncEpoch = pgTable('sync_epoch', {
  id: integer('id').primaryKey(),
  epoch: text('epoch').notNull(),
});

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
