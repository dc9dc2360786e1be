/** POST /auth/{role}/login (spec part 1 §7): the access token of a signed-in user. */
import { accessTokenOf, ApiError, http } from '../../../api/client';
import type { LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';

export async function login(role: LoginRole, input: LoginInput): Promise<string> {
  const answer = await http.post<unknown>(`/auth/${role}/login`, {
    email: input.email,
    password: input.password,
  });
  const token = accessTokenOf(answer);
  if (!token) throw new ApiError(authText.loginFailed, 0, answer);
  return token;
}
