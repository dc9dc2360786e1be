/** POST /agent/add-lender-business/{id}/add-business: the agent also works for another business. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentMessage } from '../types/agent';

export function addAgentBusiness(agentId: number, lenderBusinessId: number): Promise<AgentMessage> {
  return http.post('/agent/add-lender-business/:id/add-business', {
    params: { id: agentId },
    body: {
      lenderBusinessId,
    },
  });
}

/** Adds a business to an agent's; agent lists and active-agent counts reload. */
export function useAddAgentBusiness(
  options?: MutationOptions<AgentMessage, { agentId: number; businessId: number }>,
) {
  return useWrite(
    {
      mutationFn: ({ agentId, businessId }: { agentId: number; businessId: number }) =>
        addAgentBusiness(agentId, businessId),
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
