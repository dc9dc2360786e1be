/** PATCH /agent/{id}/activate: a suspended agent may work again. */
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function activateAgent(agentId: number): Promise<AgentMessage> {
  return http.patch('/agent/:id/activate', { params: { id: agentId } });
}
