/** POST /agent/add-lender-business/{id}/add-business: the agent also works for another business. */
import { http } from '../../../api/client';
import type { AgentAnswer } from '../types/agent';

export function addAgentBusiness(agentId: number, lenderBusinessId: number): Promise<AgentAnswer> {
  return http.post<AgentAnswer>(`/agent/add-lender-business/${agentId}/add-business`, {
    lenderBusinessId,
  });
}
