/** GET /auth/lender/lender-and-businesses/{id} (the spec's "The calls it makes"): one lender with its businesses. */
import { http } from '../../../api/client';

export type LenderBusinessSummary = {
  id: number;
  businessName: string;
  lenderBusinessCode: string;
  status: string;
};

export type LenderWithBusinesses = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: string;
  /** The administrator's reason, when the application was rejected with one. */
  rejectionReason: string | null;
  lenderBusinesses: LenderBusinessSummary[];
};

export function getLenderWithBusinesses(id: number): Promise<LenderWithBusinesses> {
  return http.get<LenderWithBusinesses>(`/auth/lender/lender-and-businesses/${id}`);
}
