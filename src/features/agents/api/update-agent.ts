/** PATCH /agent/update/{id}: the same fields as the invitation. */
import { http } from '../../../api/client';
import type { AgentAnswer, AgentPayload } from '../types/agent';

export function updateAgent(agentId: number, payload: AgentPayload): Promise<AgentAnswer> {
  return http.patch('/agent/update/:id', { params: { id: agentId }, body: payload });
}
