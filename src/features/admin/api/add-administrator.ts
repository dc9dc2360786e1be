/** POST /admin/administrators: adds one; it is mailed a link to set its password. */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { administratorView, NewAdministrator } from '../../../domain/administrators';

export function addAdministrator(
  input: NewAdministrator,
): Promise<AnswerWith<typeof administratorView>> {
  return http.post('/admin/administrators', { body: input });
}

/** Adds an administrator; added or refused, the list and the audit log reload. */
export function useAddAdministrator(
  options?: MutationOptions<AnswerWith<typeof administratorView>, NewAdministrator>,
) {
  return useWrite(
    {
      mutationFn: addAdministrator,
      refreshSettled: (queryClient) => void invalidate(queryClient, 'administrators', 'audit-logs'),
    },
    options,
  );
}
