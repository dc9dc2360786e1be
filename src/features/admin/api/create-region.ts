/** POST /region/add: { name, description }; answers { message, data }. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { regionSchema, regionView } from '../../../domain/reference-data';

export type RegionInput = v.InferOutput<typeof regionSchema>;

export function createRegion(input: RegionInput): Promise<AnswerWith<typeof regionView>> {
  return http.post('/region/add', { body: input });
}

/** Creates a region; the regions list reloads. */
export function useCreateRegion(
  options?: MutationOptions<AnswerWith<typeof regionView>, RegionInput>,
) {
  return useWrite(
    { mutationFn: createRegion, refresh: (queryClient) => void invalidate(queryClient, 'regions') },
    options,
  );
}
