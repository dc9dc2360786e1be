/** PATCH /agent/{id}/suspend: an active agent can no longer sign in or use its token. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function suspendAgent(agentId: number): Promise<AgentMessage> {
  return http.patch('/agent/:id/suspend', { params: { id: agentId } });
}

/** Suspends an agent (the variable is its id); agent lists and active-agent counts reload. */
export function useSuspendAgent(options?: MutationOptions<AgentMessage, number>) {
  return useWrite(
    {
      mutationFn: suspendAgent,
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
