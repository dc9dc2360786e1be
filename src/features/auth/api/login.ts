/** POST /auth/{role}/login (the spec's "The calls it makes"): the access token of a signed-in user. */
import { accessTokenOf, http } from '../../../api/client';
import type { LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';

export async function login(role: LoginRole, input: LoginInput): Promise<string> {
  const answer = await http.post<unknown>(`/auth/${role}/login`, {
    email: input.email,
    password: input.password,
  });
  const token = accessTokenOf(answer);
  // An answer without a token is a refusal, not a network failure (status 0).
  if (!token) throw new Error(authText.loginFailed);
  return token;
}
