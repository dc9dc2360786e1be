/** POST /lender-business-area/add: name, description, lenderBusinessId. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { areaSchema } from '../../../domain/setup';

export type NewArea = v.InferOutput<typeof areaSchema>;

export function createArea(area: NewArea) {
  return http.post('/lender-business-area/add', { body: area });
}
