/** GET /lender-business-area/{businessId}: a business's areas (the spec's "Entities and their fields", "The calls it makes"). */
import { http } from '../../../api/client';

export type Area = { id: number; name: string; description: string; lenderBusinessId: number };

export function getAreas(businessId: number): Promise<Area[]> {
  return http.get<Area[] | null>(`/lender-business-area/${businessId}`).then((a) => a ?? []);
}
