/**
 * What a sign-in's answer and failure say, for the app's login form and the sign-in pages'
 * islands alike (src/features/auth/utils/login-outcome.ts).
 */
import { describe, expect, it } from 'vitest';
import { loginFailure, loginOutcome } from '../../src/features/auth/utils/login-outcome';
import { authText } from '../../src/i18n/auth';
import { commonText } from '../../src/i18n/common';

describe('a sign-in answer', () => {
  it('is a session, a code step, or a refusal when it has neither', () => {
    expect(loginOutcome({ token: { accessToken: 'a.b.c' } })).toEqual({
      kind: 'session',
      token: 'a.b.c',
      enrolSecondFactor: false,
    });
    expect(
      loginOutcome({ token: { accessToken: 'a.b.c' }, enrolSecondFactor: true }),
    ).toMatchObject({ enrolSecondFactor: true });
    expect(
      loginOutcome({ secondFactor: { challengeToken: 'c', expiresAt: '2026-11-30T00:00:00Z' } }),
    ).toEqual({ kind: 'code', challengeToken: 'c' });
    expect(() => loginOutcome({})).toThrow(authText.loginFailed);
  });
});

describe('a failed sign-in', () => {
  it('reads the same for any wrong credentials, and for a refusal without a status', () => {
    const credentials = { alert: authText.invalidCredentials, toast: authText.loginFailed };
    expect(loginFailure(401, 'Unknown user')).toEqual(credentials);
    expect(loginFailure(400, 'Email is required')).toEqual(credentials);
    expect(loginFailure()).toEqual(credentials);
  });

  it("says why a refused account is refused, and too many attempts in the server's words", () => {
    expect(loginFailure(403, authText.accountSuspended).alert).toBe(authText.accountSuspended);
    expect(loginFailure(403).alert).toBe(authText.invalidCredentials);
    expect(loginFailure(429, 'Wait 5 minutes.').alert).toBe('Wait 5 minutes.');
    expect(loginFailure(429)).toEqual({
      alert: authText.tooManyAttempts,
      toast: authText.loginFailed,
    });
  });

  it('says the server could not be reached when nothing answered or a server failed', () => {
    for (const status of [0, 500, 502, 503]) {
      expect(loginFailure(status, 'Bad gateway')).toEqual({
        alert: commonText.serverUnavailable,
        toast: commonText.serverUnavailable,
      });
    }
  });
});
