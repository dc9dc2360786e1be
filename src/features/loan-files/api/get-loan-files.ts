/**
 * GET /loan-agreement/borrower/{borrowerId}: a borrower's loan agreements, newest first,
 * each with its files (server/modules/loan-files). A file's storageKey opens it through
 * GET /auth/lender/presigned-url.
 */
import { http } from '../../../api/client';
import type { LoanFileKind } from '../../../domain/field-work';

export type LoanFile = {
  id: number;
  kind: LoanFileKind;
  description: string;
  createdAt: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  fileName: string | null;
};

export type LoanAgreement = {
  id: number;
  loanAgreementId: number;
  borrowerId: number;
  lenderBusinessId: number;
  createdByUserId: number | null;
  createdAt: string;
  /** The newest upload's description; null while the agreement has no files. */
  description: string | null;
  files: LoanFile[];
};

export function getLoanFiles(borrowerId: number): Promise<LoanAgreement[]> {
  return http
    .get<LoanAgreement[] | null>(`/loan-agreement/borrower/${borrowerId}`)
    .then((agreements) => (Array.isArray(agreements) ? agreements : []));
}
