/** POST /auth/password-reset/reset (the spec's "The calls it makes"); a failure carries the server's message. */
import { http } from '../../../api/client';
import type * as v from 'valibot';
import type { messageAnswer } from '../../../domain/answers';
import type { resetPasswordSchema } from '../../../domain/auth';

// The schema's output type: its InferInput marks every field optional.
export type ResetPasswordValues = v.InferOutput<typeof resetPasswordSchema>;

export async function resetPassword(input: ResetPasswordValues): Promise<void> {
  await http.post<v.InferOutput<typeof messageAnswer>>('/auth/password-reset/reset', {
    token: input.token,
    password: input.password,
    confirmPassword: input.confirmPassword,
  });
}
