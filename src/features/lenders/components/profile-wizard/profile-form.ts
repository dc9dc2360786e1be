/**
 * The profile wizard's state and its step-by-step checks. Fields
 * are checked with the shared schemas the server uses, so a message never differs.
 */
import * as v from 'valibot';
import {
  businessSchema,
  identityDocumentsError,
  lenderProfileSchema,
  personalSchema,
  type LenderProfile,
} from '../../../../domain/lender-profile';
import { lendersText } from '../../../../i18n/lenders';
import type { ProfileFileField, ProfileFiles } from '../../api/submit-profile';

export const wizardSteps = ['businessType', 'personal', 'business'] as const;
export type WizardStep = (typeof wizardSteps)[number];
/** The progress bar's value on each step. */
export const STEP_PROGRESS = [33, 66, 100] as const;

export const identityModes = ['passport', 'nationalId'] as const;
export type IdentityMode = (typeof identityModes)[number];

export type ProfileFormValues = {
  hasNoBusiness: boolean;
  /** The chosen business type's id, as text (radio and select values are text). */
  businessType: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  gender: string;
  lenderRegionId: string;
  idNumber: string;
  /** Which identity documents the lender provides: a passport photo or the ID's sides. */
  identityMode: IdentityMode;
  businessName: string;
  paybillNumber: string;
  defaultLoanLimit: number | string;
};

export const initialProfileValues: ProfileFormValues = {
  hasNoBusiness: false,
  businessType: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  gender: '',
  lenderRegionId: '',
  idNumber: '',
  identityMode: 'passport',
  businessName: '',
  paybillNumber: '',
  defaultLoanLimit: '',
};

export type ProfileDocuments = Record<ProfileFileField, File | null>;
export type DocumentErrors = Partial<Record<ProfileFileField, string>>;

export const emptyDocuments: ProfileDocuments = {
  passportPhoto: null,
  idFront: null,
  idBack: null,
  businessLicenseUrl: null,
  registrationCertificateUrl: null,
};

/** A lender without a business lends under their own full name. */
export function individualBusinessName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

function identityFields(mode: IdentityMode): ProfileFileField[] {
  return mode === 'passport' ? ['passportPhoto'] : ['idFront', 'idBack'];
}

function businessFields(values: ProfileFormValues): ProfileFileField[] {
  return values.hasNoBusiness ? [] : ['businessLicenseUrl', 'registrationCertificateUrl'];
}

/**
 * The documents to send: those of the chosen identity mode only (never a passport photo
 * and ID sides together), and the business's for operators.
 */
export function documentsToSend(
  values: ProfileFormValues,
  documents: ProfileDocuments,
): ProfileFiles {
  const files: ProfileFiles = {};
  for (const field of [...identityFields(values.identityMode), ...businessFields(values)]) {
    const file = documents[field];
    if (file) files[field] = file;
  }
  return files;
}

type Schema = v.GenericSchema<unknown, unknown>;

/** The first message of each field `schema` refuses, limited to `fields`. */
function fieldErrors(
  schema: Schema,
  values: ProfileFormValues,
  fields: readonly (keyof ProfileFormValues)[],
): Record<string, string> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const nested: Record<string, [string, ...string[]] | undefined> =
    v.flatten<Schema>(result.issues).nested ?? {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = nested[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

export type StepCheck = {
  ok: boolean;
  fieldErrors: Record<string, string>;
  documentErrors: DocumentErrors;
  /** A sentence for the "Missing Files" toast when a required document is absent. */
  missingFiles: string | null;
};

function missingDocuments(fields: ProfileFileField[], documents: ProfileDocuments) {
  const errors: DocumentErrors = {};
  for (const field of fields) {
    if (!documents[field]) errors[field] = lendersText.documentRequired;
  }
  return errors;
}

export function checkStep(
  step: WizardStep,
  values: ProfileFormValues,
  documents: ProfileDocuments,
): StepCheck {
  let errors: Record<string, string> = {};
  let documentErrors: DocumentErrors = {};
  let missingFiles: string | null = null;
  if (step === 'businessType') {
    errors = fieldErrors(businessSchema, values, ['businessType']);
  } else if (step === 'personal') {
    errors = fieldErrors(personalSchema, values, [
      'firstName',
      'lastName',
      'phoneNumber',
      'gender',
      'lenderRegionId',
      'idNumber',
    ]);
    const fields = identityFields(values.identityMode);
    missingFiles = identityDocumentsError({
      passportPhoto: fields.includes('passportPhoto') && documents.passportPhoto !== null,
      idFront: fields.includes('idFront') && documents.idFront !== null,
      idBack: fields.includes('idBack') && documents.idBack !== null,
    });
    if (missingFiles) documentErrors = missingDocuments(fields, documents);
  } else {
    errors = fieldErrors(businessSchema, values, [
      'businessType',
      'businessName',
      'paybillNumber',
      'defaultLoanLimit',
    ]);
    documentErrors = missingDocuments(businessFields(values), documents);
    if (Object.keys(documentErrors).length > 0) {
      missingFiles = lendersText.businessDocumentsRequired;
    }
  }
  const ok = Object.keys(errors).length === 0 && missingFiles === null;
  return { ok, fieldErrors: errors, documentErrors, missingFiles };
}

/** The whole profile, parsed for sending; undefined when a field no longer passes. */
export function parseProfile(values: ProfileFormValues): LenderProfile | undefined {
  const result = v.safeParse(lenderProfileSchema, values);
  return result.success ? result.output : undefined;
}
