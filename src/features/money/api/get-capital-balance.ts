/** GET /capital/from-lender-business/{id}: the capital a business has now. */
import { http } from '../../../api/client';

export async function getCapitalBalance(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<{ balance?: unknown } | undefined>(
    `/capital/from-lender-business/${lenderBusinessId}`,
  );
  return Number(answer?.balance ?? 0);
}
