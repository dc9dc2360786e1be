/** POST /auth/password-reset/request (spec part 1 §7): the answer is not used. */
import { http } from '../../../api/client';
import type { LoginRole } from '../../../domain/roles';

export async function requestPasswordReset(email: string, userType: LoginRole): Promise<void> {
  await http.post<unknown>('/auth/password-reset/request', { email, userType });
}
