/**
 * GET /loan/refundable: the lender's loans whose wallet holds an overpayment or that
 * had a refund, each with its latest wallet (server/modules/refunds).
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { RefundLoan } from '../../../domain/repayments';

export function getRefundableLoans(): Promise<RefundLoan[]> {
  return http.get('/loan/refundable');
}

export const refundableLoansQuery = () =>
  queryOptions({ queryKey: ['refunds'], queryFn: getRefundableLoans });
