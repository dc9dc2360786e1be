/** PATCH /agent/me: the signed-in agent's own name and phone number; answers the saved agent. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { agentQuery } from './get-agent';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { agentOwnProfileSchema } from '../../../domain/agents';
import type { AgentAnswer } from '../types/agent';

export type OwnProfilePayload = v.InferOutput<typeof agentOwnProfileSchema>;

export function updateOwnProfile(input: OwnProfilePayload): Promise<AgentAnswer> {
  return http.patch('/agent/me', { body: input });
}

/**
 * Saves the signed-in agent's own details: its profile shows the saved record at once,
 * and lists of agents reload.
 */
export function useUpdateOwnProfile(
  agentId: number,
  options?: MutationOptions<AgentAnswer, OwnProfilePayload>,
) {
  return useWrite(
    {
      mutationFn: updateOwnProfile,
      refresh: (queryClient, answer) => {
        queryClient.setQueryData(agentQuery(agentId).queryKey, answer.data);
        void invalidate(queryClient, 'agents');
      },
    },
    options,
  );
}
