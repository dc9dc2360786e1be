/**
 * The borrowers loan files can be kept for: the business's (src/api/borrowers.ts) and
 * those registered offline and still being sent.
 */
import type { Borrower } from '../../../domain/borrowers';

/** A borrower the files can be for: one of the business, or one still in the outbox. */
export type BorrowerChoice = Pick<
  Borrower,
  'id' | 'firstName' | 'lastName' | 'phoneNumber' | 'idNumber'
> & {
  /** "sending" for a borrower registered offline and not sent yet. */
  status?: string;
};
