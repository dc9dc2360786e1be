/** GET /borrower/all/{userId}/{businessId}: the borrowers loan files can be kept for. */
import { http } from '../../../api/client';

export type BorrowerChoice = {
  id: number;
  firstName: string;
  lastName: string;
  /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: string;
  idNumber: string;
  /** "sending" for a borrower registered offline and not sent yet. */
  status?: string;
};

export function getBorrowers(userId: number, businessId: number): Promise<BorrowerChoice[]> {
  return http
    .get<BorrowerChoice[] | null>(`/borrower/all/${userId}/${businessId}`)
    .then((borrowers) => (Array.isArray(borrowers) ? borrowers : []));
}
