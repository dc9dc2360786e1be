/**
 * Sign-in counts failures, not sign-ins, per client address and per email and address
 * (in the database); registration and reset requests are limited per address and per
 * email and address as they arrive.
 * The server trusts X-Forwarded-For here, so each test speaks from its own addresses.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures } from '../../server/db/schema';
import { call, startTestServer, type TestServer } from '../support/test-server';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('credential endpoints are rate-limited', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '8',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = (email: string, password: string, ip: string) =>
    call(server, 'POST', '/auth/lender/login', { email, password }, undefined, {
      'x-forwarded-for': ip,
    });

  async function lender(email: string) {
    const res = await call(
      server,
      'POST',
      '/auth/lender/register',
      { email, password: 'Right#2026' },
      undefined,
      { 'x-forwarded-for': '10.9.9.9' },
    );
    expect(res.status).toBe(201);
  }

  it('correct sign-ins are not counted', async () => {
    await lender('often@example.com');
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn('often@example.com', 'Right#2026', '10.0.0.1')).status).toBe(200);
    }
  });

  it('per email and address: after 3 failures even the right password waits; another address signs in', async () => {
    await lender('target@example.com');
    expect((await signIn('target@example.com', 'wrong-one', '10.0.1.1')).status).toBe(401);
    expect((await signIn('TARGET@example.com', 'wrong-one', '10.0.1.1')).status).toBe(401);
    expect((await signIn('target@example.com', 'wrong-one', '10.0.1.1')).status).toBe(401);
    const limited = await signIn('target@example.com', 'Right#2026', '10.0.1.1');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
    // The owner, elsewhere, is not locked out; other emails from the first address neither.
    expect((await signIn('target@example.com', 'Right#2026', '10.0.1.2')).status).toBe(200);
    expect((await signIn('someone-else@example.com', 'wrong-one', '10.0.1.1')).status).toBe(401);

    // Once the window is over, the address may try again.
    await server.database.db
      .update(authFailures)
      .set({ windowStartedAt: sql`window_started_at - interval '16 minutes'` });
    expect((await signIn('target@example.com', 'Right#2026', '10.0.1.1')).status).toBe(200);
  });

  it('a correct sign-in forgives the failures of that email from that address', async () => {
    await lender('forgetful@example.com');
    const ip = '10.0.2.1';
    expect((await signIn('forgetful@example.com', 'wrong-one', ip)).status).toBe(401);
    expect((await signIn('forgetful@example.com', 'wrong-two', ip)).status).toBe(401);
    expect((await signIn('forgetful@example.com', 'Right#2026', ip)).status).toBe(200);
    expect((await signIn('forgetful@example.com', 'wrong-one', ip)).status).toBe(401);
    expect((await signIn('forgetful@example.com', 'wrong-two', ip)).status).toBe(401);
    expect((await signIn('forgetful@example.com', 'Right#2026', ip)).status).toBe(200);
  });

  it('per address: 8 failures for any emails stop that address, not another', async () => {
    await lender('innocent@example.com');
    const ip = '10.0.3.1';
    for (let i = 0; i < 8; i += 1) {
      expect((await signIn(`guess${i}@example.com`, 'wrong-one', ip)).status).toBe(401);
    }
    expect((await signIn('innocent@example.com', 'Right#2026', ip)).status).toBe(429);
    expect((await signIn('innocent@example.com', 'Right#2026', '10.0.3.2')).status).toBe(200);
  });

  it('the counts live in the database, without the email in clear', async () => {
    const rows = await server.database.db.select().from(authFailures);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.key.includes('@'))).toBe(false);
  });

  it('per address: reset requests from one address stop after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const res = await call(
        server,
        'POST',
        '/auth/password-reset/request',
        { email: `person${i}@example.com`, userType: 'lender' },
        undefined,
        { 'x-forwarded-for': '10.0.4.1' },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  const requestReset = (email: string, ip: string) =>
    call(server, 'POST', '/auth/password-reset/request', { email, userType: 'lender' }, undefined, {
      'x-forwarded-for': ip,
    });

  it("per email and address: someone's reset requests from one address stop there", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await requestReset('victim@example.com', '10.0.5.1')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same address may still ask for other emails.
    expect((await requestReset('other-person@example.com', '10.0.5.1')).status).toBe(200);
  });

  it("reset requests for someone's email from one address do not block that person's own reset", async () => {
    await lender('owner@example.com');
    for (let i = 0; i < 3; i += 1) {
      expect((await requestReset('OWNER@example.com', '10.0.6.1')).status).toBe(200);
    }
    expect((await requestReset('owner@example.com', '10.0.6.1')).status).toBe(429);
    const own = await requestReset('owner@example.com', '10.0.6.2');
    expect(own.status).toBe(200);
    expect(own.body.message).not.toBe(TOO_MANY);
  });
});
