/**
 * The borrower dialog's values and how they travel: selects hold ids as text ('' for
 * none), the date of birth is YYYY-MM-DD, and the request is multipart with the fields
 * the server's borrowerSchema reads plus the files of the chosen document kind.
 */
import type { FormErrors } from '@mantine/form';
import * as v from 'valibot';
import { borrowerSchema } from '../../../domain/borrowers';
import { schemaResolver } from '../../../lib/form-resolver';
import type { Borrower } from '../../../domain/borrowers';
import { appLanguage } from '../../../i18n/language';
import { localKenyanPhone } from '../../../domain/phone';

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
