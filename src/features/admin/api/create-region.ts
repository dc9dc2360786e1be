/** POST /region/add (the spec's "The calls it makes"): { name, description }; answers { message, data }. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { regionSchema } from '../../../domain/reference-data';
import type { Region } from '../../../domain/reference-data';

export type RegionInput = v.InferOutput<typeof regionSchema>;

export function createRegion(input: RegionInput): Promise<{ message: string; data: Region }> {
  return http.post('/region/add', input);
}
