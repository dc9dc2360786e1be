/** GET /agent/me/{userId}: one agent, for the agent itself or its lender (404 otherwise). */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Agent } from '../types/agent';

export function getAgent(agentId: number): Promise<Agent> {
  return http.get('/agent/me/:userId', { params: { userId: agentId } });
}

export const agentQuery = (agentId: number) =>
  queryOptions({ queryKey: ['agents', agentId], queryFn: () => getAgent(agentId) });
