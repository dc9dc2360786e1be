/** POST /refund/balance: the overpaid wallet sent back to the borrower's M-Pesa (B2C). */
import { http } from '../../../api/client';

export type RefundRequest = {
  phoneNumber: string;
  loanCode: string;
  amount: number;
  /** Required when phoneNumber is not the borrower's own. */
  reason?: string;
};

export function refundBalance(refund: RefundRequest): Promise<{ message?: string } | undefined> {
  return http.post<{ message?: string } | undefined>('/refund/balance', refund);
}
