/** The business's available capital: GET /capital/from-lender-business/{id} → balance. */
import { http } from '../../../api/client';
import { numberAt } from './read-number';

export async function getCapitalBalance(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<unknown>(`/capital/from-lender-business/${lenderBusinessId}`);
  return numberAt(answer, 'balance');
}
