/**
 * DELETE /lenderbusinesstype/{id}. A type some business uses, or the
 * last type of kind individual, is refused with 409 and a sentence saying why.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export function deleteBusinessType(id: number): Promise<MessageAnswer> {
  return http.delete('/lenderbusinesstype/:id', { params: { id } });
}

/** Deletes a business type; the types list reloads. */
export function useDeleteBusinessType(options?: MutationOptions<MessageAnswer, number>) {
  return useWrite(
    {
      mutationFn: deleteBusinessType,
      refresh: (queryClient) => void invalidate(queryClient, 'business-types'),
    },
    options,
  );
}
