/** GET /capital/from-lender-business/{id}: the capital a business has now. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { CapitalBalance } from '../../../domain/payments';

export async function getCapitalBalance(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<CapitalBalance>(
    `/capital/from-lender-business/${lenderBusinessId}`,
  );
  return answer.balance;
}

export const capitalBalanceQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['wallet', 'capital', lenderBusinessId],
    queryFn: () => getCapitalBalance(lenderBusinessId),
  });
