/**
 * POST /auth/{role}/login: the access token of a signed-in
 * user, or, for an account with a second factor, the challenge its code step answers
 * (POST /auth/{role}/login/second-factor).
 */
import { http } from '../../../api/client';
import type { LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';

export type LoginOutcome =
  | { kind: 'session'; token: string; enrolSecondFactor: boolean }
  | { kind: 'code'; challengeToken: string };

export async function login(role: LoginRole, input: LoginInput): Promise<LoginOutcome> {
  const answer = await http.post('/auth/:role/login', {
    params: { role },
    body: {
      email: input.email,
      password: input.password,
    },
  });
  if (answer.secondFactor) {
    return { kind: 'code', challengeToken: answer.secondFactor.challengeToken };
  }
  const token = answer.token?.accessToken;
  // An answer without a token is a refusal, not a network failure (status 0).
  if (!token) throw new Error(authText.loginFailed);
  return { kind: 'session', token, enrolSecondFactor: answer.enrolSecondFactor === true };
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
