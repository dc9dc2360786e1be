/**
 * Active agents and borrowers of a business (the spec's "The calls it makes"): GET /agent/data/{id} and
 * /borrower/data/{id}; for an agent, GET /borrower/count-by-agent/{businessId}/{agentId}.
 */
import { http } from '../../../api/client';
import { firstNumberAt } from './read-number';

export async function getActiveAgentCount(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<unknown>(`/agent/data/${lenderBusinessId}`);
  return firstNumberAt(answer, ['agentStatsCounts', 'active'], ['active']);
}

export async function getActiveBorrowerCount(lenderBusinessId: number): Promise<number> {
  const answer = await http.get<unknown>(`/borrower/data/${lenderBusinessId}`);
  return firstNumberAt(answer, ['borrowerStatsCounts', 'active'], ['active']);
}

export async function getAgentActiveBorrowerCount(
  lenderBusinessId: number,
  agentId: number,
): Promise<number> {
  const answer = await http.get<unknown>(`/borrower/count-by-agent/${lenderBusinessId}/${agentId}`);
  return firstNumberAt(answer, ['borrowerStatsCounts', 'active'], ['active']);
}
