/** PUT /lenderbusinesstype/{id} (the spec's "The calls it makes"): name, description, businessType. */
import { http } from '../../../api/client';
import type { BusinessTypeInput } from './create-business-type';
import type { BusinessType } from '../../../domain/reference-data';

export function updateBusinessType(
  id: number,
  input: BusinessTypeInput,
): Promise<{ message: string; data: BusinessType }> {
  return http.put(`/lenderbusinesstype/${id}`, input);
}
