/** PATCH /agent/{id}/activate: a suspended agent may work again. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function activateAgent(agentId: number): Promise<AgentMessage> {
  return http.patch('/agent/:id/activate', { params: { id: agentId } });
}

/** Reactivates an agent (the variable is its id); agent lists and active-agent counts reload. */
export function useActivateAgent(options?: MutationOptions<AgentMessage, number>) {
  return useWrite(
    {
      mutationFn: activateAgent,
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
