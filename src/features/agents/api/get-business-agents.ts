/** GET /agent/from-lender-business/{id}: the agents of one business. */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Agent } from '../types/agent';

export function getBusinessAgents(businessId: number): Promise<Agent[]> {
  return http.get('/agent/from-lender-business/:id', { params: { id: businessId } });
}

export const businessAgentsQuery = (businessId: number) =>
  queryOptions({
    queryKey: ['agents', { businessId }],
    queryFn: () => getBusinessAgents(businessId),
  });
