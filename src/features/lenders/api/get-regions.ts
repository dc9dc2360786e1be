/** GET /region (the spec's "The calls it makes"): the regions a lender chooses from in the profile wizard. */
import { http } from '../../../api/client';

export type Region = { id: number; name: string; description: string | null };

export function getRegions(): Promise<Region[]> {
  return http.get<Region[] | null>('/region').then((list) => list ?? []);
}
