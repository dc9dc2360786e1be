/**
 * DELETE /lenderbusinesstype/{id} (the spec's "The calls it makes"). A type some business uses, or the
 * last type of kind individual, is refused with 409 and a sentence saying why.
 */
import { http } from '../../../api/client';

export function deleteBusinessType(id: number): Promise<{ message: string }> {
  return http.delete(`/lenderbusinesstype/${id}`);
}
