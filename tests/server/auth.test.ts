import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../server/db/schema';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  lastMailedLink,
  startTestServer,
  type TestServer,
} from '../support/test-server';

type Claims = {
  id: number;
  email: string;
  roles: string[];
  status?: string;
  sid: string;
  exp: number;
  iat: number;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function tokenOf(body: { token: { accessToken: string } }): Claims {
  return jwtDecode<Claims>(body.token.accessToken);
}

describe('lender registration', () => {
  it('creates a lender with status New and answers its token', async () => {
    const res = await call(server, 'POST', '/auth/lender/register', {
      email: 'Wanjiru@Example.co.ke',
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    const claims = tokenOf(res.body);
    expect(claims.email).toBe('wanjiru@example.co.ke');
    expect(claims.roles).toEqual(['lender']);
    expect(claims.status).toBe('New');
    expect(claims.id).toBeGreaterThan(0);
    expect(claims.exp).toBeGreaterThan(claims.iat);
    // Agents work offline for days: a token lives 7 days by default.
    expect(claims.exp - claims.iat).toBe(7 * 86_400);
    // The session the registration opened: 32 random bytes, base64url.
    expect(claims.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, claims.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an email that already has an account', async () => {
    await call(server, 'POST', '/auth/lender/register', {
      email: 'dup@example.com',
      password: 'secret1',
    });
    const res = await call(server, 'POST', '/auth/lender/register', {
      email: 'DUP@example.com',
      password: 'another1',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists.');
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: 'abc' }, 'Password must be at least 6 characters long'],
  ])('validates %j', async (body, message) => {
    const res = await call(server, 'POST', '/auth/lender/register', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('login', () => {
  it('signs in a lender through the lender login only', async () => {
    await call(server, 'POST', '/auth/lender/register', {
      email: 'kamau@example.com',
      password: 'secret1',
    });
    const ok = await call(server, 'POST', '/auth/lender/login', {
      email: 'kamau@example.com',
      password: 'secret1',
    });
    expect(ok.status).toBe(200);
    expect(tokenOf(ok.body).roles).toEqual(['lender']);
    expect(tokenOf(ok.body).status).toBe('New');
    // Every sign-in opens its own session.
    const again = await call(server, 'POST', '/auth/lender/login', {
      email: 'kamau@example.com',
      password: 'secret1',
    });
    expect(tokenOf(again.body).sid).not.toBe(tokenOf(ok.body).sid);

    const asAgent = await call(server, 'POST', '/auth/agent/login', {
      email: 'kamau@example.com',
      password: 'secret1',
    });
    expect(asAgent.status).toBe(401);
  });

  it('signs in the super_admin through the admin login, without a lender status', async () => {
    const res = await call(server, 'POST', '/auth/admin/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(res.status).toBe(200);
    const claims = tokenOf(res.body);
    expect(claims.roles).toEqual(['super_admin']);
    expect(claims.status).toBeUndefined();
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrongPassword = await call(server, 'POST', '/auth/admin/login', {
      email: ADMIN_EMAIL,
      password: 'wrong-password',
    });
    const unknownEmail = await call(server, 'POST', '/auth/admin/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.message).toBe('Invalid email or password');
  });

  it('refuses an unknown role in the path', async () => {
    const res = await call(server, 'POST', '/auth/borrower/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(res.status).toBe(400);
  });

  it('validates the payload', async () => {
    const res = await call(server, 'POST', '/auth/lender/login', { email: 'x@y.co' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password is required');
  });
});

describe('password reset', () => {
  const email = 'akinyi@example.com';
  beforeAll(async () => {
    await call(server, 'POST', '/auth/lender/register', { email, password: 'first1' });
  });

  async function requestLink(): Promise<string> {
    const res = await call(server, 'POST', '/auth/password-reset/request', {
      email,
      userType: 'lender',
    });
    expect(res.status).toBe(200);
    const link = lastMailedLink(server, email);
    expect(link).toBeDefined();
    // A reset link is not an invitation: its page resets the password.
    expect(new URL(link!).searchParams.get('purpose')).toBeNull();
    return link!;
  }

  it('answers 200 whether or not the account exists, and mails only real accounts', async () => {
    const before = server.logs.length;
    const unknown = await call(server, 'POST', '/auth/password-reset/request', {
      email: 'ghost@example.com',
      userType: 'lender',
    });
    expect(unknown.status).toBe(200);
    expect(server.logs.slice(before).some((l) => l.mail)).toBe(false);

    const link = await requestLink();
    const url = new URL(link);
    expect(url.pathname).toBe('/reset-password');
    expect(url.searchParams.get('type')).toBe('lender');
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(40);
  });

  it('stores only a hash of the token', async () => {
    const token = new URL(await requestLink()).searchParams.get('token')!;
    const rows = await server.database.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('sets the new password once; the token cannot be reused', async () => {
    const token = new URL(await requestLink()).searchParams.get('token')!;
    const reset = await call(server, 'POST', '/auth/password-reset/reset', {
      token,
      password: 'NewPass1',
      confirmPassword: 'NewPass1',
    });
    expect(reset.status).toBe(200);

    const oldLogin = await call(server, 'POST', '/auth/lender/login', {
      email,
      password: 'first1',
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(server, 'POST', '/auth/lender/login', {
      email,
      password: 'NewPass1',
    });
    expect(newLogin.status).toBe(200);

    const again = await call(server, 'POST', '/auth/password-reset/reset', {
      token,
      password: 'Other1pass',
      confirmPassword: 'Other1pass',
    });
    expect(again.status).toBe(400);
  });

  it('refuses an expired token', async () => {
    const token = new URL(await requestLink()).searchParams.get('token')!;
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await call(server, 'POST', '/auth/password-reset/reset', {
      token,
      password: 'NewPass2',
      confirmPassword: 'NewPass2',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid or has expired/);
  });

  it('refuses a made-up token', async () => {
    const res = await call(server, 'POST', '/auth/password-reset/reset', {
      token: 'made-up-token',
      password: 'NewPass2',
      confirmPassword: 'NewPass2',
    });
    expect(res.status).toBe(400);
  });

  it.each([
    [
      { token: '', password: 'NewPass1', confirmPassword: 'NewPass1' },
      'Invalid or missing reset token',
    ],
    [
      { token: 't', password: 'Ab1', confirmPassword: 'Ab1' },
      'Password must be at least 6 characters long',
    ],
    [
      { token: 't', password: 'alllowercase', confirmPassword: 'alllowercase' },
      'Password must contain at least 1 uppercase letter, 1 lowercase letter, and 1 number or special character',
    ],
    [{ token: 't', password: 'NewPass1', confirmPassword: '' }, 'Please confirm your password'],
    [{ token: 't', password: 'NewPass1', confirmPassword: 'NewPass2' }, 'Passwords do not match'],
  ])('validates %j', async (body, message) => {
    const res = await call(server, 'POST', '/auth/password-reset/reset', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
