/** POST /auth/lender/register: an empty answer is a failure. */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { registerSchema } from '../../../domain/auth';
import { authText } from '../../../i18n/auth';

/** What POST /auth/lender/register takes: its schema's output. */
export type RegisterLenderInput = v.InferOutput<typeof registerSchema>;

export async function registerLender(input: RegisterLenderInput): Promise<string> {
  const answer = await http.post('/auth/lender/register', {
    body: {
      email: input.email,
      password: input.password,
    },
  });
  const token = answer.token.accessToken;
  if (!token) throw new Error(authText.signUpEmpty);
  return token;
}
