/**
 * The businesses the signed-in user may work on (the spec's "The calls it makes"): a lender's own from
 * GET /lender-business/lender, an agent's from GET /lender-business/agent.
 */
import { http } from '../../../api/client';
import { getLenderBusinesses, type LenderBusiness } from '../../../api/businesses';

export type MyBusiness = LenderBusiness;

export function getMyBusinesses(role: 'lender' | 'agent'): Promise<MyBusiness[]> {
  return role === 'lender'
    ? getLenderBusinesses()
    : http.get<MyBusiness[]>('/lender-business/agent');
}
