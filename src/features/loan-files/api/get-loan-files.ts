/**
 * GET /loan-agreement/borrower/{borrowerId}: a borrower's loan agreements, newest first,
 * each with its files (server/modules/loan-files). A file's storageKey opens it through
 * GET /auth/lender/presigned-url.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { LoanAgreement } from '../../../domain/field-work';

export type { LoanAgreement, LoanFile } from '../../../domain/field-work';

export function getLoanFiles(borrowerId: number): Promise<LoanAgreement[]> {
  return http.get('/loan-agreement/borrower/:borrowerId', { params: { borrowerId } });
}

export const loanFilesQuery = (borrowerId: number) =>
  queryOptions({ queryKey: ['loan-files', borrowerId], queryFn: () => getLoanFiles(borrowerId) });
