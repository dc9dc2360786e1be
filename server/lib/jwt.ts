/** Access tokens (DESIGN.md §3): HS256 via jose, claims id, email, roles, status. */
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  id: number;
  email: string;
  roles: string[];
  status?: string;
};

export type TokenService = {
  sign: (claims: AccessClaims) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
};

export function tokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.id !== 'number' || typeof payload.email !== 'string') return null;
        if (!Array.isArray(payload.roles)) return null;
        return {
          id: payload.id,
          email: payload.email,
          roles: payload.roles.map(String),
          ...(typeof payload.status === 'string' ? { status: payload.status } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
