/** GET /loan/by-id-lender-business/{loanId}/wallet-records: a loan's wallet, newest first. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { WalletRecord } from '../../../domain/repayments';

export type { WalletRecord };

export function getWalletRecords(loanId: number): Promise<WalletRecord[]> {
  return http.get('/loan/by-id-lender-business/:id/wallet-records', { params: { id: loanId } });
}

export const walletRecordsQuery = (loanId: number) =>
  queryOptions({
    queryKey: ['wallet', 'records', loanId],
    queryFn: () => getWalletRecords(loanId),
  });
