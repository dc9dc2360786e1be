/**
 * POST /auth/{role}/login: the access token of a signed-in
 * user, or, for an account with a second factor, the challenge its code step answers
 * (POST /auth/{role}/login/second-factor).
 */
import { http } from '../../../api/client';
import type { LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';
import { loginOutcome, type LoginOutcome } from '../utils/login-outcome';

export async function login(role: LoginRole, input: LoginInput): Promise<LoginOutcome> {
  const answer = await http.post('/auth/:role/login', {
    params: { role },
    body: {
      email: input.email,
      password: input.password,
    },
  });
  return loginOutcome(answer);
}

/** The code step: the challenge and a code (the app's, or a recovery code) open the session. */
export async function answerCode(
  role: LoginRole,
  challengeToken: string,
  code: string,
): Promise<string> {
  const answer = await http.post('/auth/:role/login/second-factor', {
    params: { role },
    body: {
      challengeToken,
      code,
    },
  });
  const token = answer.token.accessToken;
  if (!token) throw new Error(authText.loginFailed);
  return token;
}
