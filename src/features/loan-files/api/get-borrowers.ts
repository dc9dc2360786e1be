/** GET /borrower/all/{userId}/{businessId}: the borrowers loan files can be kept for. */
import { http } from '../../../api/client';
import type { Borrower } from '../../../domain/borrowers';

/** A borrower the files can be for: one of the business, or one still in the outbox. */
export type BorrowerChoice = Pick<
  Borrower,
  'id' | 'firstName' | 'lastName' | 'phoneNumber' | 'idNumber'
> & {
  /** "sending" for a borrower registered offline and not sent yet. */
  status?: string;
};

export function getBorrowers(userId: number, businessId: number): Promise<Borrower[]> {
  return http.get<Borrower[]>(`/borrower/all/${userId}/${businessId}`);
}
