/** GET /lender-business/lender: the signed-in lender's businesses, for the business choices. */
import { http } from '../../../api/client';

export type LenderBusinessOption = {
  id: number;
  businessName: string;
  lenderBusinessCode: string;
  status: string;
};

export function getLenderBusinesses(): Promise<LenderBusinessOption[]> {
  return http.get<LenderBusinessOption[] | null>('/lender-business/lender').then((l) => l ?? []);
}
