/** PATCH /agent/reassign-to-new-lender-business/{id}/reassign: the agent moves to one business. */
import { http } from '../../../api/client';
import type { AgentAnswer } from '../types/agent';

export function reassignAgent(agentId: number, newLenderBusinessId: number): Promise<AgentAnswer> {
  return http.patch<AgentAnswer>(`/agent/reassign-to-new-lender-business/${agentId}/reassign`, {
    newLenderBusinessId,
  });
}
