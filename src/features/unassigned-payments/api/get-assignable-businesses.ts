/** GET /admin/lender-business: the businesses a payment can be given to, with their lender. */
import { http } from '../../../api/client';

export type AssignableBusiness = {
  id: number;
  businessName: string;
  paybillNumber: string | null;
  paybillVerified: boolean;
  status: string;
  lender: { id: number; name: string; email: string };
};

export function getAssignableBusinesses(): Promise<AssignableBusiness[]> {
  return http.get<AssignableBusiness[]>('/admin/lender-business');
}
