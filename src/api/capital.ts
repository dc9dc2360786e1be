/**
 * A business's capital, which the money screens and the lender's dashboard both show
 * (docs/architecture.md §1): the one fetcher of GET /capital/from-lender-business/{id},
 * so the two share one cached figure.
 */
import { invalidate, useWrite, type MutationOptions } from './mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from './client';

/** GET /capital/from-lender-business/{id}: the capital a business has now. */
export async function getCapitalBalance(lenderBusinessId: number): Promise<number> {
  const answer = await http.get('/capital/from-lender-business/:id', {
    params: { id: lenderBusinessId },
  });
  return answer.balance;
}

/**
 * Under `wallet`: a payment, a withdrawal and a disbursement invalidate it, so the money
 * screen and the dashboard reload it.
 */
export const capitalBalanceQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['wallet', 'capital', lenderBusinessId],
    queryFn: () => getCapitalBalance(lenderBusinessId),
  });

/**
 * Starts a capital payment through M-Pesa: `start` sends it (adding money or withdrawing;
 * each money screen holds its own fetcher) and refuses an answer that does not start one.
 * Once started, the capital reloads.
 */
export function useStartCapitalPayment<TVariables, TStarted>(
  start: (variables: TVariables) => Promise<TStarted>,
  options?: MutationOptions<TStarted, TVariables>,
) {
  return useWrite(
    { mutationFn: start, refresh: (queryClient) => void invalidate(queryClient, 'wallet') },
    options,
  );
}
