/** PATCH /agent/reassign-to-new-lender-business/{id}/reassign: the agent moves to one business. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function reassignAgent(agentId: number, newLenderBusinessId: number): Promise<AgentMessage> {
  return http.patch('/agent/reassign-to-new-lender-business/:id/reassign', {
    params: { id: agentId },
    body: {
      newLenderBusinessId,
    },
  });
}

/** Moves an agent to one business; agent lists and active-agent counts reload. */
export function useReassignAgent(
  options?: MutationOptions<AgentMessage, { agentId: number; businessId: number }>,
) {
  return useWrite(
    {
      mutationFn: ({ agentId, businessId }: { agentId: number; businessId: number }) =>
        reassignAgent(agentId, businessId),
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
