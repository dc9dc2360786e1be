/** POST /region/add: { name, description }; answers { message, data }. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { regionSchema, regionView } from '../../../domain/reference-data';

export type RegionInput = v.InferOutput<typeof regionSchema>;

export function createRegion(input: RegionInput): Promise<AnswerWith<typeof regionView>> {
  return http.post('/region/add', { body: input });
}
