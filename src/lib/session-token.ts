/**
 * Reading the session from the stored access token. A token
 * that cannot be decoded, lacks a role, or has expired is removed silently.
 */
import { jwtDecode } from 'jwt-decode';
import type { Role, UserStatus } from '../domain/roles';
import { storageKeys } from './storage-keys';

export type SessionUser = {
  id: number;
  email: string;
  role: Role | string;
  status?: UserStatus | string;
};

type Claims = {
  id?: number | string;
  email?: string;
  roles?: string[];
  status?: string;
  exp?: number;
};

/** A token is expired when exp is earlier than the current time in seconds. */
export function isExpired(exp: number | undefined, nowSeconds = Date.now() / 1000): boolean {
  return typeof exp === 'number' && exp < nowSeconds;
}

export function userFromToken(token: string, nowSeconds = Date.now() / 1000): SessionUser | null {
  let claims: Claims;
  try {
    claims = jwtDecode<Claims>(token);
  } catch {
    return null;
  }
  const role = claims.roles?.[0];
  if (!role || claims.id === undefined || !claims.email) return null;
  if (isExpired(claims.exp, nowSeconds)) return null;
  const user: SessionUser = { id: Number(claims.id), email: claims.email, role };
  if (claims.status) user.status = claims.status;
  return user;
}

/** The stored session, cleaning up a token that is no longer usable. */
export function readStoredSession(): { token: string; user: SessionUser } | null {
  const token = localStorage.getItem(storageKeys.token);
  if (!token) return null;
  const user = userFromToken(token);
  if (!user) {
    localStorage.removeItem(storageKeys.token);
    return null;
  }
  return { token, user };
}

export function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.id === b.id && a.email === b.email && a.role === b.role && a.status === b.status;
}
