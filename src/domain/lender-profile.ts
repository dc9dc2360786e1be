/**
 * The lender profile wizard's data (spec part 1 §2.8, §3, §5), validated by the wizard
 * and again by PATCH /auth/lender/profile. Multipart sends text, so numbers and the
 * switch are accepted as text too.
 */
import * as v from 'valibot';
import { lendersText } from '../i18n/lenders';
import { requiredString } from './fields';

export const INDIVIDUAL_DEFAULT_LOAN_LIMIT = 1000;
export const genders = ['Male', 'Female', 'Other'] as const;

const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** A whole or decimal number that may arrive as text ("1000"). */
export function numberField(requiredMessage: string) {
  return v.pipe(
    v.optional(
      v.union([v.number(requiredMessage), v.string(requiredMessage)], requiredMessage),
      '',
    ),
    v.transform((value) =>
      typeof value === 'string' && value.trim() === '' ? NaN : Number(value),
    ),
    v.number(requiredMessage),
    v.check((value) => Number.isFinite(value), requiredMessage),
  );
}

export function idField(requiredMessage: string) {
  return v.pipe(
    numberField(requiredMessage),
    v.integer(requiredMessage),
    v.minValue(1, requiredMessage),
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
  ),
  lastName: v.pipe(
    requiredString(lendersText.lastNameShort),
    v.trim(),
    v.minLength(2, lendersText.lastNameShort),
  ),
  phoneNumber: v.pipe(
    requiredString(lendersText.invalidPhone),
    v.trim(),
    v.regex(PHONE_PATTERN, lendersText.invalidPhone),
  ),
  gender: v.picklist(genders, lendersText.genderRequired),
  lenderRegionId: idField(lendersText.regionRequired),
  idNumber: v.pipe(
    requiredString(lendersText.idNumberShort),
    v.trim(),
    v.minLength(6, lendersText.idNumberShort),
  ),
});

export const businessSchema = v.object({
  hasNoBusiness: flag,
  businessType: idField(lendersText.businessTypeRequired),
  businessName: v.pipe(
    requiredString(lendersText.businessNameShort),
    v.trim(),
    v.minLength(2, lendersText.businessNameShort),
  ),
  paybillNumber: v.pipe(
    requiredString(lendersText.paybillShort),
    v.trim(),
    v.regex(/^\d{5,}$/, lendersText.paybillShort),
  ),
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

/** Identity documents: a passport photo, or both ID sides, never both (spec §2.8). */
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
