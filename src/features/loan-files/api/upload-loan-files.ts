/**
 * POST /loan-agreement-uploads/files (multipart: description, borrowerId, loanAgreement,
 * loanAgreementfilesorImage, otherImage): answers 201 {message, data: the agreement with
 * the files this upload stored}.
 */
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { LoanFileField, LoanFilesAnswer } from '../../../domain/field-work';

export type LoanFilesUpload = {
  description: string;
  borrowerId: number;
  loanAgreement?: number | null;
  files: Partial<Record<LoanFileField, File | null>>;
};

export const LOAN_FILES_PATH = '/loan-agreement-uploads/files' satisfies PathOf<'POST'>;

export function uploadLoanFiles(upload: LoanFilesUpload): Promise<LoanFilesAnswer> {
  return http.postForm(LOAN_FILES_PATH, { body: loanFilesBody(upload) });
}

/** The multipart body of an upload, as sent online or kept in the outbox. */
export function loanFilesBody(upload: LoanFilesUpload): FormData {
  const body = new FormData();
  body.append('description', upload.description);
  body.append('borrowerId', String(upload.borrowerId));
  if (upload.loanAgreement) body.append('loanAgreement', String(upload.loanAgreement));
  for (const [field, file] of Object.entries(upload.files)) {
    if (file) body.append(field, file, file.name);
  }
  return body;
}
