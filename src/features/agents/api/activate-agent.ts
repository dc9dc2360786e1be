/** PATCH /agent/{id}/activate: a suspended agent may work again. */
import { http } from '../../../api/client';
import type { AgentAnswer } from '../types/agent';

export function activateAgent(agentId: number): Promise<AgentAnswer> {
  return http.patch<AgentAnswer>(`/agent/${agentId}/activate`);
}
