/** GET /lenderbusinesstype: the business types a new business may be (the spec's "The calls it makes"). */
import { http } from '../../../api/client';

export type BusinessType = {
  id: number;
  name: string;
  description?: string | null;
  businessType: string;
};

export function getBusinessTypes(): Promise<BusinessType[]> {
  return http.get<BusinessType[] | null>('/lenderbusinesstype').then((types) => types ?? []);
}
