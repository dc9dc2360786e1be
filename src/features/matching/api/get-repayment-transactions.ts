/**
 * GET /loan-repayment-transaction/get-transactions: every M-Pesa repayment to the
 * paybills of the lender's businesses, matched or not, newest first
 * (server/modules/matching/routes.ts). loanCode is the account
 * number the payer typed; transactionDetails is the M-Pesa transaction id.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { RepaymentTransaction } from '../../../domain/repayments';

export type { RepaymentTransaction };

export function getRepaymentTransactions(): Promise<RepaymentTransaction[]> {
  return http.get('/loan-repayment-transaction/get-transactions');
}

export const repaymentTransactionsQuery = () =>
  queryOptions({ queryKey: ['matching', 'transactions'], queryFn: getRepaymentTransactions });
