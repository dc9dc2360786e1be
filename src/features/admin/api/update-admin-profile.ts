/** PUT /admin/{id} (the spec's "The calls it makes"): { name, email }; answers the saved profile. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { adminProfileSchema } from '../../../domain/reference-data';
import type { AdminProfile } from './get-admin-profile';

export type AdminProfileInput = v.InferInput<typeof adminProfileSchema>;

export function updateAdminProfile(id: number, input: AdminProfileInput): Promise<AdminProfile> {
  return http.put<AdminProfile>(`/admin/${id}`, input);
}
