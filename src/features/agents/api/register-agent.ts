/** POST /agent/register: invites an agent; answers 201 {message, data} and mails a set-password link. */
import { http } from '../../../api/client';
import type { AgentAnswer, AgentPayload } from '../types/agent';

export function registerAgent(payload: AgentPayload): Promise<AgentAnswer> {
  return http.post('/agent/register', { body: payload });
}
