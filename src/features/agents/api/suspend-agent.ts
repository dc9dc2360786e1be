/** PATCH /agent/{id}/suspend: an active agent can no longer sign in or use its token. */
import { http } from '../../../api/client';
import type { AgentAnswer } from '../types/agent';

export function suspendAgent(agentId: number): Promise<AgentAnswer> {
  return http.patch<AgentAnswer>(`/agent/${agentId}/suspend`);
}
