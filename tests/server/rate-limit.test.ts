import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server';

describe('credential endpoints are rate-limited', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '8' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('per email: the fourth attempt on one address answers 429, another address still works', async () => {
    const attempt = (email: string) =>
      call(server, 'POST', '/auth/lender/login', { email, password: 'wrong-one' });
    expect((await attempt('target@example.com')).status).toBe(401);
    expect((await attempt('TARGET@example.com')).status).toBe(401);
    expect((await attempt('target@example.com')).status).toBe(401);
    const limited = await attempt('target@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect((await attempt('someone-else@example.com')).status).toBe(401);
  });

  it('per address: reset requests from one address stop after the limit', async () => {
    // 5 requests used above from 127.0.0.1; the IP limit is 8 in this server.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await call(server, 'POST', '/auth/password-reset/request', {
        email: `person${i}@example.com`,
        userType: 'lender',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
