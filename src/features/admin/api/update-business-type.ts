/** PUT /lenderbusinesstype/{id}: name, description, businessType. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { businessTypeView } from '../../../domain/reference-data';
import type { BusinessTypeInput } from './create-business-type';

export function updateBusinessType(
  id: number,
  input: BusinessTypeInput,
): Promise<AnswerWith<typeof businessTypeView>> {
  return http.put('/lenderbusinesstype/:id', { params: { id }, body: input });
}

/** Edits a business type; the types list reloads. */
export function useUpdateBusinessType(
  options?: MutationOptions<
    AnswerWith<typeof businessTypeView>,
    { id: number; input: BusinessTypeInput }
  >,
) {
  return useWrite(
    {
      mutationFn: ({ id, input }: { id: number; input: BusinessTypeInput }) =>
        updateBusinessType(id, input),
      refresh: (queryClient) => void invalidate(queryClient, 'business-types'),
    },
    options,
  );
}
