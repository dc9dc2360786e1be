/** PATCH /agent/update/{id}: the same fields as the invitation. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentAnswer, AgentPayload } from '../types/agent';

export function updateAgent(agentId: number, payload: AgentPayload): Promise<AgentAnswer> {
  return http.patch('/agent/update/:id', { params: { id: agentId }, body: payload });
}

/** Edits an agent; agent lists and the dashboards' agent counts reload. */
export function useUpdateAgent(
  options?: MutationOptions<AgentAnswer, { agentId: number; payload: AgentPayload }>,
) {
  return useWrite(
    {
      mutationFn: ({ agentId, payload }: { agentId: number; payload: AgentPayload }) =>
        updateAgent(agentId, payload),
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
