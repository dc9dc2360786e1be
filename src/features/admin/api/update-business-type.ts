/** PUT /lenderbusinesstype/{id}: name, description, businessType. */
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
