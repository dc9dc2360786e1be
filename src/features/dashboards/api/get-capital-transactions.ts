/**
 * The business wallet for "My Wallet":
 * GET /capital/transactions-from-lender-business/{id}.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { CapitalTransaction } from '../../../domain/capital';

export type { CapitalTransaction };

export const noTransactions: CapitalTransaction[] = [];

export function getCapitalTransactions(lenderBusinessId: number): Promise<CapitalTransaction[]> {
  return http.get('/capital/transactions-from-lender-business/:id', {
    params: { id: lenderBusinessId },
  });
}

export const capitalTransactionsQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'wallet', lenderBusinessId],
    queryFn: () => getCapitalTransactions(lenderBusinessId),
  });
