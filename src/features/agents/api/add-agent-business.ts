/** POST /agent/add-lender-business/{id}/add-business: the agent also works for another business. */
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function addAgentBusiness(agentId: number, lenderBusinessId: number): Promise<AgentMessage> {
  return http.post('/agent/add-lender-business/:id/add-business', {
    params: { id: agentId },
    body: {
      lenderBusinessId,
    },
  });
}
