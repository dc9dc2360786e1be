/** PUT /admin/{id}: { name, email }; answers the saved profile. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { adminProfileSavedView } from '../../../domain/admin';
import type { adminProfileSchema } from '../../../domain/reference-data';

export type AdminProfileInput = v.InferInput<typeof adminProfileSchema>;
export type SavedAdminProfile = v.InferOutput<typeof adminProfileSavedView>;

export function updateAdminProfile(
  id: number,
  input: AdminProfileInput,
): Promise<SavedAdminProfile> {
  return http.put('/admin/:id', { params: { id }, body: input });
}

/** Saves the administrator's own profile; every read of a profile reloads. */
export function useUpdateAdminProfile(
  id: number,
  options?: MutationOptions<SavedAdminProfile, AdminProfileInput>,
) {
  return useWrite(
    {
      mutationFn: (input: AdminProfileInput) => updateAdminProfile(id, input),
      refresh: (queryClient) => void invalidate(queryClient, 'profile'),
    },
    options,
  );
}
