/** GET /agent/from-lender-business/{id}: the agents of one business (the spec's "The calls it makes"). */
import { http } from '../../../api/client';
import type { Agent } from '../types/agent';

export function getBusinessAgents(businessId: number): Promise<Agent[]> {
  return http.get<Agent[]>(`/agent/from-lender-business/${businessId}`);
}
