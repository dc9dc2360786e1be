/** POST /auth/password-reset/request: the answer is not used. */
import { http } from '../../../api/client';
import type { LoginRole } from '../../../domain/roles';

export async function requestPasswordReset(email: string, userType: LoginRole): Promise<void> {
  await http.post('/auth/password-reset/request', {
    body: {
      email,
      userType,
    },
  });
}
