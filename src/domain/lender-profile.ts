/**
 * The lender profile wizard's data, validated by the wizard
 * and again by PATCH /auth/lender/profile. Multipart sends text, so numbers and the
 * switch are accepted as text too.
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { lendersText } from '../i18n/lenders';
import { amount, count, countsBy, idValue, timestamp } from './answers';
import { MAX_LENGTH, maxLengthOf, paybillNumber, requiredString } from './fields';
import { wholeNumberPattern } from './paging';
import { contactPhone } from './phone';
import { businessKinds, businessStatuses, lenderStatuses } from './roles';

const label = inputText.labels;

export const INDIVIDUAL_DEFAULT_LOAN_LIMIT = 1000;
export const genders = ['Male', 'Female', 'Other'] as const;

/** Ids are positive whole numbers of at most 15 digits, as in paths (server/lib/params.ts). */
export const MAX_ID = 999_999_999_999_999;

/** Plain decimal text: "1000", "-2", "12.50", ".5". Never hex ("0x10"), exponents ("1e3") or "Infinity". */
const DECIMAL_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;

function decimalTextToNumber(text: string): number {
  const trimmed = text.trim();
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : NaN;
}

/**
 * A whole or decimal number that may arrive as text ("1000", from multipart or a form).
 * Text must be plain decimal, without spaces around it: "0x10" is not sixteen, "1e3" not
 * a thousand, " 100" not a hundred. Every use
 * adds its own range, so no amount or id can overflow a column.
 */
export function numberField(requiredMessage: string) {
  return v.pipe(
    v.optional(
      v.union([v.number(requiredMessage), v.string(requiredMessage)], requiredMessage),
      '',
    ),
    // " 100" is not a number: text with spaces around it is refused, not trimmed.
    v.check(
      (value) => typeof value !== 'string' || value.trim() === '' || value === value.trim(),
      inputText.numberWithSpaces,
    ),
    v.transform((value) => (typeof value === 'number' ? value : decimalTextToNumber(value))),
    v.number(requiredMessage),
    v.check((value) => Number.isFinite(value), requiredMessage),
  );
}

/** A number (not text) that is a valid id, else `message`. */
export function idRange(message: string) {
  return v.pipe(
    v.number(message),
    v.check((value) => Number.isFinite(value), message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(MAX_ID, message),
  );
}

export function idField(requiredMessage: string) {
  return v.pipe(numberField(requiredMessage), idRange(requiredMessage));
}

/** An id that may be left out: missing, null or empty text is none (null). */
export function optionalIdField(message: string) {
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(message), v.number(message)], message)), null),
    v.transform((value) => {
      if (value === null || typeof value === 'number') return value;
      return value.trim() === '' ? null : decimalTextToNumber(value);
    }),
    v.nullable(idRange(message)),
  );
}

const flag = v.pipe(
  v.optional(v.union([v.boolean(), v.picklist(['true', 'false', 'on', ''])]), false),
  v.transform((value) => value === true || value === 'true' || value === 'on'),
);

export const personalSchema = v.object({
  firstName: v.pipe(
    requiredString(lendersText.firstNameShort),
    v.trim(),
    v.minLength(2, lendersText.firstNameShort),
    maxLengthOf(label.firstName, MAX_LENGTH.name),
  ),
  lastName: v.pipe(
    requiredString(lendersText.lastNameShort),
    v.trim(),
    v.minLength(2, lendersText.lastNameShort),
    maxLengthOf(label.lastName, MAX_LENGTH.name),
  ),
  phoneNumber: contactPhone(lendersText.invalidPhone, lendersText.invalidPhone),
  gender: v.picklist(genders, lendersText.genderRequired),
  lenderRegionId: idField(lendersText.regionRequired),
  idNumber: v.pipe(
    requiredString(lendersText.idNumberShort),
    v.trim(),
    v.minLength(6, lendersText.idNumberShort),
    maxLengthOf(label.idNumber, MAX_LENGTH.idNumber),
  ),
});

export const businessSchema = v.object({
  hasNoBusiness: flag,
  businessType: idField(lendersText.businessTypeRequired),
  businessName: v.pipe(
    requiredString(lendersText.businessNameShort),
    v.trim(),
    v.minLength(2, lendersText.businessNameShort),
    maxLengthOf(label.businessName, MAX_LENGTH.businessName),
  ),
  paybillNumber: paybillNumber(lendersText.paybillShort),
  defaultLoanLimit: v.pipe(
    numberField(lendersText.loanLimitMin),
    v.minValue(1, lendersText.loanLimitMin),
    v.maxValue(100_000_000, lendersText.loanLimitMax),
  ),
});

export const lenderProfileSchema = v.object({
  ...personalSchema.entries,
  ...businessSchema.entries,
});
export type LenderProfileInput = v.InferInput<typeof lenderProfileSchema>;
export type LenderProfile = v.InferOutput<typeof lenderProfileSchema>;

/** PATCH /admin/lender/{decision}/{id}: an optional reason (the lender reads a rejection's). */
export const lenderDecisionSchema = v.object({
  reason: v.optional(v.pipe(v.string(), maxLengthOf(label.reason, MAX_LENGTH.reason))),
});

/** Identity documents: a passport photo, or both ID sides, never both. */
export function identityDocumentsError(present: {
  passportPhoto: boolean;
  idFront: boolean;
  idBack: boolean;
}): string | null {
  const idSides = present.idFront || present.idBack;
  if (present.passportPhoto && idSides) return lendersText.identityBoth;
  if (present.passportPhoto) return null;
  if (present.idFront && present.idBack) return null;
  return lendersText.missingFiles;
}

/**
 * One of a lender's businesses as the lender answers carry it; the document fields are
 * storage keys, which getDocumentUrl links to.
 */
export const lenderBusinessView = v.object({
  id: idValue,
  lenderId: idValue,
  businessName: v.string(),
  lenderBusinessCode: v.string(),
  status: v.picklist(businessStatuses),
  paybillNumber: v.nullable(v.string()),
  defaultLoanLimit: amount,
  lenderBusinessTypeId: idValue,
  lenderBusinessType: v.object({
    id: idValue,
    name: v.string(),
    businessType: v.picklist(businessKinds),
  }),
  businessLicenseUrl: v.nullable(v.string()),
  registrationCertificateUrl: v.nullable(v.string()),
  createdAt: timestamp,
});
export type LenderBusiness = v.InferOutput<typeof lenderBusinessView>;

/**
 * A lender with its region, identity documents (storage keys) and businesses
 * (GET /auth/lender/all, /admin/lenders/pending, /auth/lender/lender-and-businesses/{id}).
 */
export const lenderView = v.object({
  id: idValue,
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  idNumber: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  status: v.picklist(lenderStatuses),
  createdAt: timestamp,
  passportPhoto: v.nullable(v.string()),
  idFront: v.nullable(v.string()),
  idBack: v.nullable(v.string()),
  lenderRegionId: v.nullable(idValue),
  lenderRegion: v.nullable(v.object({ id: idValue, name: v.string() })),
  /** The administrator's reason, when the application was rejected with one. */
  rejectionReason: v.nullable(v.string()),
  lenderBusinesses: v.array(lenderBusinessView),
});
export type Lender = v.InferOutput<typeof lenderView>;

/** GET /auth/lender/get/{id}: a lender's names. */
export const lenderNamesView = v.object({
  id: idValue,
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  email: v.string(),
});

/** GET /auth/lender/count: how many lenders there are, in all and per status. */
export const lenderCountsView = v.object({
  totalCount: count,
  /** Every status, 0 when no lender has it. */
  lenderStatsCounts: countsBy(lenderStatuses),
});

/**
 * A path id (/things/:id) as text: a whole number from 1 to MAX_ID, written plainly (0, -1,
 * 1.5, 01, abc are refused with the same "Not found."), read as the number.
 */
export const positiveId = v.pipe(
  v.string('Not found.'),
  v.regex(new RegExp(wholeNumberPattern(MAX_ID)), 'Not found.'),
  v.transform(Number),
);
