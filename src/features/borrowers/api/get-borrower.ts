/** GET /borrower/{id}: one borrower with its loans (the spec's "Borrower detail"). */
import { http } from '../../../api/client';
import type { Borrower } from '../types/borrower';

export type BorrowerLoan = {
  id: number;
  loanCode: string;
  status: string;
  principalAmount: number;
  outstandingAmount: number | null;
  applicationDate: string | null;
};

export type BorrowerWithLoans = Borrower & { loans: BorrowerLoan[] };

export async function getBorrower(id: number): Promise<BorrowerWithLoans> {
  const borrower = await http.get<Borrower & { loans?: BorrowerLoan[] | null }>(`/borrower/${id}`);
  return { ...borrower, loans: borrower.loans ?? [] };
}
