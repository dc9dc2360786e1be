import { beforeEach, describe, expect, it } from 'vitest';
import { isExpired, readStoredSession, userFromToken } from '../../src/lib/session-token';
import { fakeToken } from './fake-token';

const now = Math.floor(Date.now() / 1000);

describe('stored session token (spec "Route guard", "States and transitions", "Validation rules")', () => {
  beforeEach(() => localStorage.clear());

  it('is expired when exp is earlier than now in seconds', () => {
    expect(isExpired(100, 101)).toBe(true);
    expect(isExpired(101, 101)).toBe(false);
    expect(isExpired(undefined, 101)).toBe(false);
  });

  it('reads id, email, the first role and the lender status', () => {
    const token = fakeToken({
      id: 5,
      email: 'l@x.co',
      roles: ['lender', 'agent'],
      status: 'New',
      exp: now + 60,
    });
    expect(userFromToken(token)).toEqual({ id: 5, email: 'l@x.co', role: 'lender', status: 'New' });
  });

  it('restores a valid stored token', () => {
    localStorage.setItem(
      'jwt',
      fakeToken({ id: 1, email: 'a@x.co', roles: ['admin'], exp: now + 60 }),
    );
    expect(readStoredSession()?.user).toEqual({ id: 1, email: 'a@x.co', role: 'admin' });
  });

  it('removes an expired token silently', () => {
    localStorage.setItem(
      'jwt',
      fakeToken({ id: 1, email: 'a@x.co', roles: ['admin'], exp: now - 1 }),
    );
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('removes a token that cannot be read', () => {
    localStorage.setItem('jwt', 'not-a-jwt');
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('removes a token without a role', () => {
    localStorage.setItem('jwt', fakeToken({ id: 1, email: 'a@x.co', roles: [], exp: now + 60 }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});
