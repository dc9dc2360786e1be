/**
 * GET /repayment/for-lender-business/{businessId}: repayments applied to a business's
 * loans, newest first (the spec's "Repayment"; server/modules/repayments/routes.ts).
 * A repayment is split into the fines, interest and principal it paid; total is their sum.
 */
import { http } from '../../../api/client';

export type RepaymentBorrower = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
};

export type Repayment = {
  id: number;
  principalAmount: number;
  interestAmount: number;
  fineAmount: number;
  total: number;
  createdAt: string;
  loan: {
    id: number;
    loanCode: string;
    outstandingAmount: number;
    status: string;
    borrower: RepaymentBorrower;
  };
};

export function getRepayments(businessId: number): Promise<Repayment[]> {
  return http
    .get<Repayment[] | null>(`/repayment/for-lender-business/${businessId}`)
    .then((repayments) => (Array.isArray(repayments) ? repayments : []));
}
