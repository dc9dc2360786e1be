/** GET /region (spec part 2 §7): every region, for the Regions table. */
import { http } from '../../../api/client';

export type Region = { id: number; name: string; description: string | null };

export function getRegions(): Promise<Region[]> {
  return http.get<Region[] | null>('/region').then((list) => list ?? []);
}
