/** GET /borrower/{id}: one borrower with its loans. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { BorrowerWithLoans } from '../../../domain/borrowers';

export type { BorrowerLoan, BorrowerWithLoans } from '../../../domain/borrowers';

export function getBorrower(id: number): Promise<BorrowerWithLoans> {
  return http.get('/borrower/:id', { params: { id } });
}

export const borrowerQuery = (id: number) =>
  queryOptions({ queryKey: ['borrowers', id], queryFn: () => getBorrower(id) });
