/** POST /agent/register: invites an agent; answers 201 {message, data} and mails a set-password link. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AgentAnswer, AgentPayload } from '../types/agent';

export function registerAgent(payload: AgentPayload): Promise<AgentAnswer> {
  return http.post('/agent/register', { body: payload });
}

/** Invites an agent; agent lists and the dashboards' agent counts reload. */
export function useRegisterAgent(options?: MutationOptions<AgentAnswer, AgentPayload>) {
  return useWrite(
    {
      mutationFn: registerAgent,
      refresh: (queryClient) => void invalidate(queryClient, 'agents', 'dashboard'),
    },
    options,
  );
}
