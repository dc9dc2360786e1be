/** POST /auth/password-reset/reset; a failure carries the server's message. */
import { http } from '../../../api/client';
import type * as v from 'valibot';
import type { resetPasswordSchema } from '../../../domain/auth';

// The schema's output type: its InferInput marks every field optional.
export type ResetPasswordValues = v.InferOutput<typeof resetPasswordSchema>;

export async function resetPassword(input: ResetPasswordValues): Promise<void> {
  await http.post('/auth/password-reset/reset', {
    body: {
      token: input.token,
      password: input.password,
      confirmPassword: input.confirmPassword,
    },
  });
}
