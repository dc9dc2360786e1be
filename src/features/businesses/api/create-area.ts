/** POST /lender-business-area/add: name, description, lenderBusinessId. */
import { invalidate, useWrite, withData, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { areaSchema, areaView } from '../../../domain/setup';

export type NewArea = v.InferOutput<typeof areaSchema>;

export function createArea(area: NewArea) {
  return http.post('/lender-business-area/add', { body: area });
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
