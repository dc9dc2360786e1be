/** POST /admin/administrators: adds one; it is mailed a link to set its password. */
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { administratorView, NewAdministrator } from '../../../domain/administrators';

export function addAdministrator(
  input: NewAdministrator,
): Promise<AnswerWith<typeof administratorView>> {
  return http.post('/admin/administrators', { body: input });
}
