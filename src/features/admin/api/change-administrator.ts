/**
 * The super admin's acts on one administrator: deactivate or reactivate it
 * (POST /admin/administrators/{id}/deactivate|reactivate), or reset its second factor
 * (POST /admin/users/{id}/second-factor/reset). Each answers the sentence to show.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export type AdministratorAct = 'deactivate' | 'reactivate' | 'reset-factor';

export function changeAdministrator(id: number, act: AdministratorAct): Promise<MessageAnswer> {
  return act === 'reset-factor'
    ? http.post('/admin/users/:id/second-factor/reset', { params: { id } })
    : http.post(`/admin/administrators/:id/${act}`, { params: { id } });
}

/** One act on an administrator; done or refused, the list and the audit log reload. */
export function useChangeAdministrator(
  id: number,
  act: AdministratorAct,
  options?: MutationOptions<MessageAnswer>,
) {
  return useWrite(
    {
      mutationFn: () => changeAdministrator(id, act),
      refreshSettled: (queryClient) => void invalidate(queryClient, 'administrators', 'audit-logs'),
    },
    options,
  );
}
