/** GET /lender-business-area/{businessId}: a business's areas (the spec's "Entities and their fields", "The calls it makes"). */
import { http } from '../../../api/client';
import type { Area } from '../../../domain/setup';

export type { Area };

export function getAreas(businessId: number): Promise<Area[]> {
  return http.get<Area[]>(`/lender-business-area/${businessId}`);
}
