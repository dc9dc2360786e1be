/**
 * The database schema (DESIGN.md §10). One schema for PGlite and PostgreSQL; ids are
 * positive bigint identities (the client's temporary ids are negative).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money: numeric(14,2), read as a string and converted to integer cents in src/domain. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const documentRef = (name: string) =>
  bigint(name, { mode: 'number' }).references((): AnyPgColumn => documents.id, {
    onDelete: 'set null',
  });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['lender', 'agent', 'admin', 'super_admin'] }).notNull(),
    status: text('status').notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_status_idx').on(t.role, t.status),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A lender's profile; its id is the user's id. */
export const lenders = pgTable('lenders', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  idNumber: text('id_number'),
  gender: text('gender'),
  lenderRegionId: bigint('lender_region_id', { mode: 'number' }).references(() => regions.id),
  passportPhotoId: documentRef('passport_photo_id'),
  idFrontId: documentRef('id_front_id'),
  idBackId: documentRef('id_back_id'),
  rejectionReason: text('rejection_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An administrator's profile; its id is the user's id. */
export const admins = pgTable('admins', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token; the token itself is only ever in the link. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
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
    businessType: text('business_type', { enum: ['individual', 'business'] }).notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lender_business_types_name_unique').on(sql`lower(${t.name})`)],
);

/** Uploaded files; the bytes live in file storage under storage_key. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
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
    lenderId: bigint('lender_id', { mode: 'number' })
      .notNull()
      .references(() => lenders.id, { onDelete: 'cascade' }),
    lenderBusinessTypeId: bigint('lender_business_type_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinessTypes.id),
    businessName: text('business_name').notNull(),
    lenderBusinessCode: text('lender_business_code').notNull(),
    paybillNumber: text('paybill_number'),
    defaultLoanLimit: money('default_loan_limit').notNull(),
    status: text('status', { enum: ['new', 'active', 'rejected', 'blocked'] })
      .notNull()
      .default('new'),
    businessLicenseId: documentRef('business_license_id'),
    registrationCertificateId: documentRef('registration_certificate_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lender_businesses_code_unique').on(t.lenderBusinessCode),
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
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id, { onDelete: 'cascade' }),
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
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id, { onDelete: 'cascade' }),
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
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id, { onDelete: 'cascade' }),
    repaymentCycleId: bigint('repayment_cycle_id', { mode: 'number' })
      .notNull()
      .references(() => repaymentCycles.id),
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
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lenderId: bigint('lender_id', { mode: 'number' })
      .notNull()
      .references(() => lenders.id, { onDelete: 'cascade' }),
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
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id, { onDelete: 'cascade' }),
    lenderBusinessAreaId: bigint('lender_business_area_id', { mode: 'number' }).references(
      () => lenderBusinessAreas.id,
      { onDelete: 'set null' },
    ),
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
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id, { onDelete: 'cascade' }),
    lenderBusinessAreaId: bigint('lender_business_area_id', { mode: 'number' }).references(
      () => lenderBusinessAreas.id,
      { onDelete: 'set null' },
    ),
    referringBorrowerId: bigint('referring_borrower_id', { mode: 'number' }).references(
      (): AnyPgColumn => borrowers.id,
      { onDelete: 'set null' },
    ),
    registeredByUserId: bigint('registered_by_user_id', { mode: 'number' }).references(
      () => users.id,
      {
        onDelete: 'set null',
      },
    ),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Normalised: 2547XXXXXXXX or 2541XXXXXXXX. */
    phoneNumber: text('phone_number').notNull(),
    alternativePhoneNumber: text('alternative_phone_number'),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    dob: date('dob').notNull(),
    nextOfKinName: text('next_of_kin_name').notNull(),
    nextOfKinNumber: text('next_of_kin_number').notNull(),
    nextOfKinRelation: text('next_of_kin_relation').notNull(),
    idNumber: text('id_number').notNull(),
    passportPhotoId: documentRef('passport_photo_id'),
    idFrontId: documentRef('id_front_id'),
    idBackId: documentRef('id_back_id'),
    status: text('status', { enum: ['active', 'suspended', 'flagged', 'blocked'] })
      .notNull()
      .default('active'),
    loanLimit: money('loan_limit').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('borrowers_business_phone_unique').on(t.lenderBusinessId, t.phoneNumber),
    uniqueIndex('borrowers_business_id_number_unique').on(
      t.lenderBusinessId,
      sql`lower(${t.idNumber})`,
    ),
    index('borrowers_business_idx').on(t.lenderBusinessId, t.status),
    index('borrowers_registered_by_idx').on(t.registeredByUserId),
  ],
);

export const loanStatuses = [
  'pending',
  'disbursing',
  'active',
  'repaid',
  'default',
  'written_off',
  'rejected',
] as const;

export const loans = pgTable(
  'loans',
  {
    id: id(),
    loanCode: text('loan_code').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' })
      .notNull()
      .references(() => lenderBusinesses.id),
    lenderLoanPlanId: bigint('lender_loan_plan_id', { mode: 'number' })
      .notNull()
      .references(() => loanPlans.id),
    requesterUserId: bigint('requester_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    approverUserId: bigint('approver_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loans_code_unique').on(t.loanCode),
    // One open loan per borrower (a borrower belongs to one business).
    uniqueIndex('loans_one_open_per_borrower')
      .on(t.borrowerId)
      .where(sql`${t.status} in ('pending', 'disbursing', 'active', 'default')`),
    index('loans_business_status_idx').on(t.lenderBusinessId, t.status),
    index('loans_borrower_idx').on(t.borrowerId),
    index('loans_requester_idx').on(t.requesterUserId),
  ],
);

/** The repayment schedule, fixed at application; due dates follow from disbursement. */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: id(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dayOffset: integer('day_offset').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [uniqueIndex('loan_instalments_loan_number_unique').on(t.loanId, t.number)],
);
