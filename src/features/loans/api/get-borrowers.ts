/** GET /borrower/all/{userId}/{businessId}: the borrowers a loan can be applied for. */
import { http } from '../../../api/client';
import type { Borrower } from '../../../domain/borrowers';
import type { PendingBorrower } from '../../../offline/pending';

/** An applicant: a registered borrower, or one registered offline and still being sent. */
export type BorrowerChoice = Pick<
  Borrower,
  'id' | 'firstName' | 'lastName' | 'phoneNumber' | 'idNumber'
> & {
  status: Borrower['status'] | PendingBorrower['status'];
  /** None yet for one registered offline. */
  loanLimit: number | null;
};

export function getBorrowers(userId: number, businessId: number): Promise<Borrower[]> {
  return http.get<Borrower[]>(`/borrower/all/${userId}/${businessId}`);
}
