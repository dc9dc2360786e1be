/** POST /lender-business-area/add: name, description, lenderBusinessId (the spec's "The calls it makes"). */
import { invalidate, useWrite, withData, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { areaSchema, areaView } from '../../../domain/setup';

export type NewArea = v.InferOutput<typeof areaSchema>;

export function createArea(area: NewArea) {
  return http.post<AnswerWith<typeof areaView>>('/lender-business-area/add', area);
}

/** Creates an area; the areas lists reload before the caller goes on. */
export function useCreateArea(options?: MutationOptions<AnswerWith<typeof areaView>, NewArea>) {
  return useWrite(
    {
      mutationFn: withData(createArea),
      refresh: (queryClient) => invalidate(queryClient, 'areas'),
    },
    options,
  );
}
