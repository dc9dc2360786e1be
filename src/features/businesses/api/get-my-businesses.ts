/**
 * The businesses the signed-in user may work on (the spec's "The calls it makes"): a lender's own from
 * GET /lender-business/lender, an agent's from GET /lender-business/agent.
 */
import { http } from '../../../api/client';

export type MyBusiness = {
  id: number;
  businessName: string;
  lenderBusinessCode?: string | null;
  status?: string | null;
};

export function getMyBusinesses(role: 'lender' | 'agent'): Promise<MyBusiness[]> {
  return http.get<MyBusiness[] | null>(`/lender-business/${role}`).then((list) => list ?? []);
}
