/** PATCH /agent/reassign-to-new-lender-business/{id}/reassign: the agent moves to one business. */
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function reassignAgent(agentId: number, newLenderBusinessId: number): Promise<AgentMessage> {
  return http.patch('/agent/reassign-to-new-lender-business/:id/reassign', {
    params: { id: agentId },
    body: {
      newLenderBusinessId,
    },
  });
}
