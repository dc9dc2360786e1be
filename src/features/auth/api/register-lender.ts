/** POST /auth/lender/register (the spec's "The calls it makes"): an empty answer is a failure. */
import { http } from '../../../api/client';
import type { SessionToken } from '../../../domain/auth';
import { authText } from '../../../i18n/auth';

export type RegisterLenderInput = { email: string; password: string };

export async function registerLender(input: RegisterLenderInput): Promise<string> {
  const answer = await http.post<SessionToken>('/auth/lender/register', {
    email: input.email,
    password: input.password,
  });
  const token = answer.token.accessToken;
  if (!token) throw new Error(authText.signUpEmpty);
  return token;
}
