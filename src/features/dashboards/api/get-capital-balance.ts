/** The business's available capital: GET /capital/from-lender-business/{id} → balance. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { CapitalBalance } from '../../../domain/payments';

export async function getCapitalBalance(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<CapitalBalance>(
    `/capital/from-lender-business/${lenderBusinessId}`,
  );
  return answer.balance;
}

export const capitalBalanceFigureQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'capital', lenderBusinessId],
    queryFn: () => getCapitalBalance(lenderBusinessId),
  });
