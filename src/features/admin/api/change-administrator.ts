/**
 * The super admin's acts on one administrator: deactivate or reactivate it
 * (POST /admin/administrators/{id}/deactivate|reactivate), or reset its second factor
 * (POST /admin/users/{id}/second-factor/reset). Each answers the sentence to show.
 */
import { http } from '../../../api/client';
import type { MessageAnswer } from '../../../domain/answers';

export type AdministratorAct = 'deactivate' | 'reactivate' | 'reset-factor';

export function changeAdministrator(id: number, act: AdministratorAct): Promise<MessageAnswer> {
  return act === 'reset-factor'
    ? http.post('/admin/users/:id/second-factor/reset', { params: { id } })
    : http.post(`/admin/administrators/:id/${act}`, { params: { id } });
}
