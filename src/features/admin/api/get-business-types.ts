/** GET /lenderbusinesstype (the spec's "The calls it makes"): every business type. */
import { http } from '../../../api/client';
import type { businessKinds } from '../../../domain/reference-data';

export type BusinessType = {
  id: number;
  name: string;
  description: string | null;
  businessType: (typeof businessKinds)[number];
};

export function getBusinessTypes(): Promise<BusinessType[]> {
  return http.get<BusinessType[] | null>('/lenderbusinesstype').then((list) => list ?? []);
}
