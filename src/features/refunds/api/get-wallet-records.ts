/** GET /loan/by-id-lender-business/{loanId}/wallet-records: a loan's wallet, newest first. */
import { http } from '../../../api/client';

export type WalletRecord = {
  id: number;
  source: string;
  /** Positive for a credit, negative for a debit. */
  amount: number;
  /** The wallet's total after this record. */
  total: number;
  createdAt: string;
};

export function getWalletRecords(loanId: number): Promise<WalletRecord[]> {
  return http
    .get<WalletRecord[] | null>(`/loan/by-id-lender-business/${loanId}/wallet-records`)
    .then((records) => (Array.isArray(records) ? records : []));
}
