/** PATCH /agent/{id}/suspend: an active agent can no longer sign in or use its token. */
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function suspendAgent(agentId: number): Promise<AgentMessage> {
  return http.patch('/agent/:id/suspend', { params: { id: agentId } });
}
