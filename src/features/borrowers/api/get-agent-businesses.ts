/** GET /lender-business/agent: the businesses the signed-in agent works for. */
import { http } from '../../../api/client';

export type AgentBusiness = { id: number; businessName: string; status: string };

export function getAgentBusinesses(): Promise<AgentBusiness[]> {
  return http.get<AgentBusiness[] | null>('/lender-business/agent').then((l) => l ?? []);
}
