/** GET /lender-business/areas/{businessId}: the areas an agent can be placed in. */
import { http } from '../../../api/client';
import type { Area } from '../../../domain/setup';

export function getBusinessAreas(businessId: number): Promise<Area[]> {
  return http.get<Area[]>(`/lender-business/areas/${businessId}`);
}
