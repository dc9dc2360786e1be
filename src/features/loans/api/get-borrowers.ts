/**
 * The borrowers a loan can be applied for: the business's (src/api/borrowers.ts) and
 * those registered offline and still being sent.
 */
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
