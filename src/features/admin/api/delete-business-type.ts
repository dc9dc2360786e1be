/**
 * DELETE /lenderbusinesstype/{id}. A type some business uses, or the
 * last type of kind individual, is refused with 409 and a sentence saying why.
 */
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export function deleteBusinessType(id: number): Promise<MessageAnswer> {
  return http.delete('/lenderbusinesstype/:id', { params: { id } });
}
