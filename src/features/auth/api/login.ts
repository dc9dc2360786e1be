/** POST /auth/{role}/login (the spec's "The calls it makes"): the access token of a signed-in user. */
import { http } from '../../../api/client';
import type { LoginInput, SessionToken } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';

export async function login(role: LoginRole, input: LoginInput): Promise<string> {
  const answer = await http.post<SessionToken>(`/auth/${role}/login`, {
    email: input.email,
    password: input.password,
  });
  const token = answer.token.accessToken;
  // An answer without a token is a refusal, not a network failure (status 0).
  if (!token) throw new Error(authText.loginFailed);
  return token;
}
