/** Borrowers of a business and their loan files (a signed agreement and other documents). */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { borrowerGenders, borrowerStatuses } from '../../../src/domain/borrowers';
import { loanFileKinds } from '../../../src/domain/field-work';
import { languages } from '../../../src/domain/languages';
import { id, createdAt, updatedAt, money, ref, oneOf } from './columns';
import { users } from './accounts';
import { documents, documentRef } from './documents';
import { lenderBusinesses, lenderBusinessAreas } from './businesses';

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
