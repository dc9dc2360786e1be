/**
 * The lender profile wizard's data (the spec's "Lender profile wizard", "Entities and their fields", "Validation rules"), validated by the wizard
 * and again by PATCH /auth/lender/profile. Multipart sends text, so numbers and the
 * switch are accepted as text too.
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { lendersText } from '../i18n/lenders';
import { MAX_LENGTH, maxLengthOf, paybillNumber, requiredString } from './fields';
import { contactPhone } from './phone';

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
 * Text must be plain decimal: "0x10" is not sixteen, "1e3" not a thousand. Every use
 * adds its own range, so no amount or id can overflow a column.
 */
export function numberField(requiredMessage: string) {
  return v.pipe(
    v.optional(
      v.union([v.number(requiredMessage), v.string(requiredMessage)], requiredMessage),
      '',
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

/** Identity documents: a passport photo, or both ID sides, never both (spec "Lender profile wizard"). */
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
