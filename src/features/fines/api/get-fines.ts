/**
 * GET /fines/for-lender-business/{businessId}: the fines of a business's loans, newest
 * first (the spec's "Fine"; server/modules/repayments/routes.ts). Amounts are
 * numbers with at most two decimals; status is Paid when the balance is 0.
 */
import { http } from '../../../api/client';

export type FineBorrower = { id: number; firstName: string; lastName: string; phoneNumber: string };

export type Fine = {
  id: number;
  kind: 'within' | 'over';
  period: number;
  fineAmount: number;
  fineRate: number;
  fineBalance: number;
  paymentDate: string | null;
  /** The calendar day the fine was drawn for. */
  accruedOn: string;
  status: 'Paid' | 'Unpaid';
  createdAt: string;
  loan: {
    id: number;
    loanCode: string;
    /** A written-off loan's fines are no longer collected: the cards leave them out. */
    status?: string;
    outstandingAmount: number;
    borrower: FineBorrower;
  };
};

export function getFines(businessId: number): Promise<Fine[]> {
  return http
    .get<Fine[] | null>(`/fines/for-lender-business/${businessId}`)
    .then((fines) => (Array.isArray(fines) ? fines : []));
}
