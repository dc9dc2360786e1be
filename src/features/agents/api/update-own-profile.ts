/** PATCH /agent/me: the signed-in agent's own name and phone number; answers the saved agent. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { agentOwnProfileSchema } from '../../../domain/agents';
import type { AgentAnswer } from '../types/agent';

export type OwnProfilePayload = v.InferOutput<typeof agentOwnProfileSchema>;

export function updateOwnProfile(input: OwnProfilePayload): Promise<AgentAnswer> {
  return http.patch('/agent/me', { body: input });
}
