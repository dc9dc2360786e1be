/**
 * GET /loan-repayment-transaction/get-transactions: every M-Pesa repayment to the
 * paybills of the lender's businesses, matched or not, newest first (the spec's "Entities and their fields"
 * "Repayment transaction"; server/modules/repayments/routes.ts). loanCode is the account
 * number the payer typed; transactionDetails is the M-Pesa transaction id.
 */
import { http } from '../../../api/client';

export type RepaymentTransaction = {
  id: number;
  loanCode: string;
  amount: number;
  transactionDetails: string;
  verified: boolean;
  msisdn: string | null;
  firstName: string | null;
  lenderBusinessId: number | null;
  createdAt: string;
  loan: {
    id: number;
    loanCode: string;
    status: string;
    borrower: { id: number; firstName: string; lastName: string; phoneNumber: string } | null;
  } | null;
};

export function getRepaymentTransactions(): Promise<RepaymentTransaction[]> {
  return http
    .get<RepaymentTransaction[] | null>('/loan-repayment-transaction/get-transactions')
    .then((rows) => (Array.isArray(rows) ? rows : []));
}
