/** Borrower create and edit, validated alike by the dialog and the server. */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { borrowersText } from '../i18n/borrowers';
import { amount, answerWith, calendarDay, count, countsBy, idValue, timestamp } from './answers';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { languages } from './languages';
import { idField, optionalIdField } from './lender-profile';
import { loanView } from './loans';
import { normalizeKenyanPhone } from './phone';
import { BORROWER_CONSENT_VERSION } from './consent-version';
import { borrowerGenders, borrowerStatuses } from './roles';

const label = inputText.labels;

export { borrowerGenders, borrowerStatuses };

const text = (min: number, message: string, label: string, max: number = MAX_LENGTH.name) =>
  v.pipe(requiredString(message), v.trim(), v.minLength(min, message), maxLengthOf(label, max));

const kenyanPhone = (message: string) =>
  v.pipe(
    requiredString(borrowersText.phoneShort),
    v.trim(),
    v.minLength(3, borrowersText.phoneShort),
    maxLengthOf(label.phoneNumber, MAX_LENGTH.phone),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const normalized = normalizeKenyanPhone(dataset.value);
      if (!normalized) {
        addIssue({ message });
        return NEVER;
      }
      return normalized;
    }),
  );

const dateOfBirth = v.pipe(
  requiredString(borrowersText.dobRequired),
  v.trim(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, borrowersText.dobInvalid),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    const eighteen = new Date();
    eighteen.setUTCFullYear(eighteen.getUTCFullYear() - 18);
    return date <= eighteen && date.getUTCFullYear() >= 1900;
  }, borrowersText.dobInvalid),
);

export const borrowerFields = {
  firstName: text(2, borrowersText.firstNameShort, label.firstName),
  lastName: text(2, borrowersText.lastNameShort, label.lastName),
  phoneNumber: kenyanPhone(borrowersText.phoneNotKenyan),
  alternativePhoneNumber: v.pipe(
    v.optional(v.string(borrowersText.alternativePhoneNotKenyan), ''),
    v.trim(),
    maxLengthOf(label.alternativePhoneNumber, MAX_LENGTH.phone),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return null;
      const normalized = normalizeKenyanPhone(dataset.value);
      if (!normalized) {
        addIssue({ message: borrowersText.alternativePhoneNotKenyan });
        return NEVER;
      }
      return normalized;
    }),
  ),
  referringBorrowerId: optionalIdField(borrowersText.referrerNotInBusiness),
  lenderBusinessId: idField(borrowersText.businessRequired),
  lenderBusinessAreaId: idField(borrowersText.areaRequired),
  gender: v.picklist(borrowerGenders, borrowersText.genderRequired),
  dob: dateOfBirth,
  nextOfKinName: text(2, borrowersText.nextOfKinNameShort, label.nextOfKinName),
  nextOfKinNumber: text(3, borrowersText.nextOfKinNumberShort, label.nextOfKinNumber, 20),
  nextOfKinRelation: text(2, borrowersText.nextOfKinRelationShort, label.nextOfKinRelation),
  idNumber: text(1, borrowersText.idNumberRequired, label.idNumber, 20),
  /** The language of the borrower's SMS notices; without it, English (or, on edit, unchanged). */
  language: v.optional(v.picklist(languages, borrowersText.languageInvalid)),
};
export const borrowerSchema = v.object(borrowerFields);

export { BORROWER_CONSENT_VERSION } from './consent-version';

/** Consent is allowed up to this far ahead of the server's clock (a phone's clock drifts). */
const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The consent fields of a registration (multipart strings): `consent` must be "true",
 * `consentVersion` the current version, and `consentAt` — when the borrower agreed, on
 * the phone, perhaps days before an offline registration reached the server — an ISO
 * time not in the future; without it, the time the server receives the registration.
 */
export const borrowerConsentSchema = v.object({
  consent: v.pipe(
    v.optional(v.string(borrowersText.consentRequired), ''),
    v.check((value) => value === 'true', borrowersText.consentRequired),
  ),
  consentVersion: v.pipe(
    v.optional(v.string(borrowersText.consentOutdated), ''),
    v.check((value) => value === BORROWER_CONSENT_VERSION, borrowersText.consentOutdated),
  ),
  consentAt: v.pipe(
    v.optional(v.string(borrowersText.consentTimeInvalid), ''),
    v.maxLength(40, borrowersText.consentTimeInvalid),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return new Date();
      const at = new Date(dataset.value);
      if (
        !/^\d{4}-\d{2}-\d{2}T/.test(dataset.value) ||
        Number.isNaN(at.getTime()) ||
        at.getTime() > Date.now() + CONSENT_CLOCK_SKEW_MS ||
        at.getUTCFullYear() < 2020
      ) {
        addIssue({ message: borrowersText.consentTimeInvalid });
        return NEVER;
      }
      return at;
    }),
  ),
  /** The language the consent text was shown in (its words are kept in that language). */
  consentLanguage: v.optional(v.picklist(languages, borrowersText.consentLanguageInvalid), 'en'),
});
export type BorrowerConsent = v.InferOutput<typeof borrowerConsentSchema>;
export type BorrowerInput = v.InferInput<typeof borrowerSchema>;

/** On create: a passport photo, or both ID sides, never both. */
export function borrowerDocumentsError(
  present: { passportPhoto: boolean; idFront: boolean; idBack: boolean },
  creating: boolean,
): string | null {
  const anyId = present.idFront || present.idBack;
  if (present.passportPhoto && anyId) return borrowersText.documentsBoth;
  // One ID side alone is never enough, on create or on edit.
  if (present.idFront !== present.idBack) return borrowersText.documentsMissing;
  if (!creating) return null;
  if (present.passportPhoto || (present.idFront && present.idBack)) return null;
  return borrowersText.documentsMissing;
}

/** The area a borrower lives in, as the borrower endpoints answer it. */
export const borrowerAreaView = v.object({ id: idValue, name: v.string() });
export type BorrowerArea = v.InferOutput<typeof borrowerAreaView>;

/**
 * A borrower as the borrower endpoints answer it: GET
 * /borrower/all/…, /borrower/by-business/…, the writes' data, and the SMS choices' data.
 */
export const borrowerView = v.object({
  id: idValue,
  firstName: v.string(),
  lastName: v.string(),
  /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: v.string(),
  alternativePhoneNumber: v.nullable(v.string()),
  referringBorrowerId: v.nullable(idValue),
  registeredByUserId: v.nullable(idValue),
  lenderBusinessId: idValue,
  lenderBusinesses: v.array(v.object({ id: idValue, businessName: v.string() })),
  lenderBusinessArea: v.nullable(borrowerAreaView),
  gender: v.picklist(borrowerGenders),
  dob: calendarDay,
  nextOfKinName: v.string(),
  nextOfKinNumber: v.string(),
  nextOfKinRelation: v.string(),
  idNumber: v.string(),
  /** Storage keys of the documents, for GET /auth/lender/presigned-url. */
  passportPhoto: v.nullable(v.string()),
  idFront: v.nullable(v.string()),
  idBack: v.nullable(v.string()),
  status: v.picklist(borrowerStatuses),
  loanLimit: amount,
  language: v.picklist(languages),
  smsRemindersOptedOutAt: v.nullable(timestamp),
  consentVersion: v.nullable(v.string()),
  consentedAt: v.nullable(timestamp),
  /** When the borrower's personal data was erased; null: not erased. */
  erasedAt: v.nullable(timestamp),
  createdAt: timestamp,
});
export type Borrower = v.InferOutput<typeof borrowerView>;

/** A borrower write's answer (register, edit, the SMS choices): { message, data }. */
export const borrowerAnswer = answerWith(borrowerView);
export type BorrowerAnswer = v.InferOutput<typeof borrowerAnswer>;

/** A loan of the borrower detail (GET /borrower/{id}): the loans list's row. */
export const borrowerLoanView = loanView;
export type BorrowerLoan = v.InferOutput<typeof borrowerLoanView>;

/** GET /borrower/{id}: the borrower with its loans, newest application first. */
export const borrowerDetailView = v.object({
  ...borrowerView.entries,
  loans: v.array(borrowerLoanView),
});
export type BorrowerWithLoans = v.InferOutput<typeof borrowerDetailView>;

/** What borrowers are counted by: their status, and erased ones apart (whatever their status). */
export const borrowerCountKeys = [...borrowerStatuses, 'erased'] as const;
export type BorrowerCountKey = (typeof borrowerCountKeys)[number];

/** Borrower totals per status (GET /borrower/count, /borrower/data/…, /borrower/count-by-agent/…). */
export const borrowerCountsView = v.object({
  totalCount: count,
  borrowerStatsCounts: countsBy(borrowerCountKeys),
});
export type BorrowerCounts = v.InferOutput<typeof borrowerCountsView>;
