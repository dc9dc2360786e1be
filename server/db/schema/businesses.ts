/**
 * Lenders, their businesses and what each business sets up: areas, repayment cycles, loan
 * plans, and the agents who work for it.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessStatuses } from '../../../src/domain/roles';
import { id, createdAt, updatedAt, money, ref, oneOf, rate } from './columns';
import { users } from './accounts';
import { regions, lenderBusinessTypes } from './reference';
import { documentRef } from './documents';

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
