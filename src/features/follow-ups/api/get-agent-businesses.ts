/** GET /lender-business/agent: the agent's businesses, for the business filter. */
import { http } from '../../../api/client';

export type BusinessOption = { id: number; businessName: string };

export function getAgentBusinesses(): Promise<BusinessOption[]> {
  return http
    .get<BusinessOption[] | null>('/lender-business/agent')
    .then((businesses) => (Array.isArray(businesses) ? businesses : []));
}
