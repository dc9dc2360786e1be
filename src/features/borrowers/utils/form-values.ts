/**
 * The borrower dialog's values and how they travel: selects hold ids as text ('' for
 * none), the date of birth is YYYY-MM-DD, phone numbers are typed 07… and sent 2547…,
 * and the request is multipart with the fields the server's borrowerSchema reads plus
 * the files of the chosen document kind (and, on registration, the borrower's consent).
 * A registration queued in the outbox comes back into the dialog the same way.
 */
import type { FormErrors } from '@mantine/form';
import * as v from 'valibot';
import { BORROWER_CONSENT_VERSION, borrowerSchema } from '../../../domain/borrowers';
import { schemaResolver } from '../../../lib/form-resolver';
import type { Borrower } from '../../../domain/borrowers';
import { appLanguage } from '../../../i18n/language';
import { localKenyanPhone } from '../../../domain/phone';
import type { OutboxItem } from '../../../offline/db';
import { fieldText, keptFile } from '../../../offline/repair';

export type DocumentKind = 'passport' | 'idCard';

export type BorrowerFormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  alternativePhoneNumber: string;
  gender: string;
  dob: string;
  idNumber: string;
  nextOfKinName: string;
  nextOfKinNumber: string;
  nextOfKinRelation: string;
  lenderBusinessId: string;
  lenderBusinessAreaId: string;
  referringBorrowerId: string;
  /** The language of the borrower's SMS notices: the phone's language for a new borrower. */
  language: string;
};

export type BorrowerFiles = {
  kind: DocumentKind;
  passportPhoto: File | null;
  idFront: File | null;
  idBack: File | null;
};

/** When and in which words the borrower agreed to the registration (the consent text's version). */
export type BorrowerConsent = { at: string; version: string; language: string };

/** The borrower agrees now, to the current consent text in the phone's language. */
export function consentNow(): BorrowerConsent {
  return {
    at: new Date().toISOString(),
    version: BORROWER_CONSENT_VERSION,
    language: appLanguage(),
  };
}

export const noFiles: BorrowerFiles = {
  kind: 'passport',
  passportPhoto: null,
  idFront: null,
  idBack: null,
};

export function borrowerFormValues(
  borrower: Borrower | null,
  defaultBusinessId: number | null,
): BorrowerFormValues {
  if (!borrower) {
    return {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      alternativePhoneNumber: '',
      gender: '',
      dob: '',
      idNumber: '',
      nextOfKinName: '',
      nextOfKinNumber: '',
      nextOfKinRelation: '',
      lenderBusinessId: defaultBusinessId ? String(defaultBusinessId) : '',
      lenderBusinessAreaId: '',
      referringBorrowerId: '',
      language: appLanguage(),
    };
  }
  return {
    firstName: borrower.firstName,
    lastName: borrower.lastName,
    phoneNumber: localKenyanPhone(borrower.phoneNumber),
    alternativePhoneNumber: localKenyanPhone(borrower.alternativePhoneNumber),
    gender: borrower.gender,
    dob: borrower.dob,
    idNumber: borrower.idNumber,
    nextOfKinName: borrower.nextOfKinName,
    nextOfKinNumber: borrower.nextOfKinNumber,
    nextOfKinRelation: borrower.nextOfKinRelation,
    lenderBusinessId: String(borrower.lenderBusinessId),
    lenderBusinessAreaId: borrower.lenderBusinessArea ? String(borrower.lenderBusinessArea.id) : '',
    referringBorrowerId: borrower.referringBorrowerId ? String(borrower.referringBorrowerId) : '',
    language: borrower.language,
  };
}

/** Step 1's check with the server's borrowerSchema: the first message of each field. */
export function validateBorrowerDetails(values: BorrowerFormValues): FormErrors {
  return schemaResolver(borrowerSchema)(values);
}

/** The files that are sent: only those of the chosen kind. */
export function chosenFiles(files: BorrowerFiles): Partial<Record<string, File>> {
  if (files.kind === 'passport') {
    return files.passportPhoto ? { passportPhoto: files.passportPhoto } : {};
  }
  return {
    ...(files.idFront ? { idFront: files.idFront } : {}),
    ...(files.idBack ? { idBack: files.idBack } : {}),
  };
}

/** The multipart body: the validated (normalised) fields and the chosen files. */
export function borrowerFormData(values: BorrowerFormValues, files: BorrowerFiles): FormData {
  const parsed = v.parse(borrowerSchema, values);
  const body = new FormData();
  for (const [name, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    body.append(name, value === null ? '' : String(value));
  }
  for (const [name, file] of Object.entries(chosenFiles(files))) {
    if (file) body.append(name, file, file.name);
  }
  return body;
}

/** A registration's multipart body: the borrower, the chosen files and the consent given. */
export function registrationFormData(
  values: BorrowerFormValues,
  files: BorrowerFiles,
  consent: BorrowerConsent | null,
): FormData {
  const body = borrowerFormData(values, files);
  if (consent) {
    body.append('consent', 'true');
    body.append('consentVersion', consent.version);
    body.append('consentAt', consent.at);
    body.append('consentLanguage', consent.language);
  }
  return body;
}

/** A registration waiting in the outbox, as the dialog holds it again (registrationFormData's inverse). */
export function queuedRegistration(item: OutboxItem): {
  values: BorrowerFormValues;
  files: BorrowerFiles;
  consent: BorrowerConsent | null;
} {
  const field = (name: keyof BorrowerFormValues) => fieldText(item, name);
  const idFront = keptFile(item, 'idFront');
  const idBack = keptFile(item, 'idBack');
  return {
    values: {
      firstName: field('firstName'),
      lastName: field('lastName'),
      phoneNumber: localKenyanPhone(field('phoneNumber')),
      alternativePhoneNumber: localKenyanPhone(field('alternativePhoneNumber')),
      gender: field('gender'),
      dob: field('dob'),
      idNumber: field('idNumber'),
      nextOfKinName: field('nextOfKinName'),
      nextOfKinNumber: field('nextOfKinNumber'),
      nextOfKinRelation: field('nextOfKinRelation'),
      lenderBusinessId: field('lenderBusinessId') || String(item.lenderBusinessId),
      lenderBusinessAreaId: field('lenderBusinessAreaId'),
      referringBorrowerId: field('referringBorrowerId'),
      language: field('language') || appLanguage(),
    },
    files: {
      kind: idFront || idBack ? 'idCard' : 'passport',
      passportPhoto: keptFile(item, 'passportPhoto'),
      idFront,
      idBack,
    },
    consent:
      fieldText(item, 'consent') === 'true'
        ? {
            at: fieldText(item, 'consentAt'),
            version: fieldText(item, 'consentVersion'),
            language: fieldText(item, 'consentLanguage'),
          }
        : null,
  };
}
