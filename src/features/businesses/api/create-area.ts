/** POST /lender-business-area/add: name, description, lenderBusinessId (the spec's "The calls it makes"). */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { areaSchema, areaView } from '../../../domain/setup';

export type NewArea = v.InferOutput<typeof areaSchema>;

export function createArea(area: NewArea) {
  return http.post<AnswerWith<typeof areaView>>('/lender-business-area/add', area);
}
