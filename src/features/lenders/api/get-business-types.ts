/**
 * GET /lenderbusinesstype (the spec): the kinds of business a lender may run; the one of
 * kind "individual" stands for a lender without a business (the spec's "Lender profile wizard").
 */
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
