/** GET /lender-business/lender: the signed-in lender's businesses, for the dialogs' choice. */
import { http } from '../../../api/client';

export type LenderBusiness = { id: number; businessName: string };

export function getLenderBusinesses(): Promise<LenderBusiness[]> {
  return http.get<LenderBusiness[] | null>('/lender-business/lender').then((list) => list ?? []);
}
