/** GET /lender-business/lender: the lender's businesses, for the business filter. */
import { http } from '../../../api/client';

export type BusinessOption = { id: number; businessName: string };

export function getLenderBusinesses(): Promise<BusinessOption[]> {
  return http
    .get<BusinessOption[] | null>('/lender-business/lender')
    .then((businesses) => (Array.isArray(businesses) ? businesses : []));
}
