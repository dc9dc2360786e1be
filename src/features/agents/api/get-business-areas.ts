/** GET /lender-business/areas/{businessId}: the areas an agent can be placed in. */
import { http } from '../../../api/client';

export type BusinessArea = { id: number; name: string };

export function getBusinessAreas(businessId: number): Promise<BusinessArea[]> {
  return http
    .get<BusinessArea[] | null>(`/lender-business/areas/${businessId}`)
    .then((l) => l ?? []);
}
