/**
 * How a script signs in as an administrator over HTTP (the demo book, benches): administrators
 * must have a second factor, so an admin without one sets one up here, with the secret the
 * server hands out, and answers its first code. The factor stays behind; a script that seeds
 * an account people will use removes it again (seed-demo.ts), so their first sign-in sets
 * up their own. An admin that already has a factor cannot be signed in by a script.
 */
import * as OTPAuth from 'otpauth';

async function post(base: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

export async function signInAsAdmin(base: string, email: string, password: string) {
  const answer = await post(base, '/auth/admin/login', { email, password });
  if (answer.secondFactor) {
    throw new Error(
      `${email} has a second factor: a script cannot answer its code step. Use another admin, or have a super admin reset it.`,
    );
  }
  const token = (answer.token as { accessToken: string }).accessToken;
  if (!answer.enrolSecondFactor) return token;
  const enrolment = await post(base, '/auth/second-factor/enrol', undefined, token);
  const code = OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(enrolment.secret as string),
  });
  await post(base, '/auth/second-factor/confirm', { code }, token);
  return token;
}
