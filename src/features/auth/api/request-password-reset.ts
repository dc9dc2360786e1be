/** POST /auth/password-reset/request (the spec's "The calls it makes"): the answer is not used. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';
import type { LoginRole } from '../../../domain/roles';

export async function requestPasswordReset(email: string, userType: LoginRole): Promise<void> {
  await http.post<v.InferOutput<typeof messageAnswer>>('/auth/password-reset/request', {
    email,
    userType,
  });
}
