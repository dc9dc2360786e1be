/**
 * Active agents and borrowers of a business: GET /agent/data/{id} and
 * /borrower/data/{id}; for an agent, GET /borrower/count-by-agent/{businessId}/{agentId}.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';

export async function getActiveAgentCount(lenderBusinessId: number): Promise<number> {
  const answer = await http.get('/agent/data/:id', { params: { id: lenderBusinessId } });
  return answer.agentStatsCounts.active;
}

export async function getActiveBorrowerCount(lenderBusinessId: number): Promise<number> {
  const answer = await http.get('/borrower/data/:id', { params: { id: lenderBusinessId } });
  return answer.borrowerStatsCounts.active;
}

export async function getAgentActiveBorrowerCount(
  lenderBusinessId: number,
  agentId: number,
): Promise<number> {
  const answer = await http.get('/borrower/count-by-agent/:lenderBusinessId/:agentId', {
    params: { lenderBusinessId, agentId },
  });
  return answer.borrowerStatsCounts.active;
}

export const activeAgentCountQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'active-agents', lenderBusinessId],
    queryFn: () => getActiveAgentCount(lenderBusinessId),
  });

export const activeBorrowerCountQuery = (lenderBusinessId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'active-borrowers', lenderBusinessId],
    queryFn: () => getActiveBorrowerCount(lenderBusinessId),
  });

export const agentActiveBorrowerCountQuery = (lenderBusinessId: number, agentId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'active-borrowers', lenderBusinessId, { agentId }],
    queryFn: () => getAgentActiveBorrowerCount(lenderBusinessId, agentId),
  });
