/**
 * Access tokens (docs/architecture.md §3): HS256 via jose, claims id, email, roles, status and `sid`,
 * the id of the signed-in session the token belongs to (server/modules/auth/sessions.ts).
 * A token without `sid` is not one of ours any more and is refused.
 */
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  id: number;
  email: string;
  roles: string[];
  status?: string;
  sid: string;
};

export type TokenService = {
  /** How long a token lives; a session's expiry follows its newest token. */
  ttlSeconds: number;
  /** Signs a token that expires at `expiresAt` (whole seconds). */
  sign: (claims: AccessClaims, expiresAt: Date) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
};

export function tokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: handed the raw bytes, jose imports a WebCrypto key on every call, which
  // was about half the cost of verifying a token (run on every request).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A key that cannot be imported fails each sign and verify, as before, not the process.
  void key.catch(() => undefined);
  return {
    ttlSeconds,
    sign: async (claims, expiresAt) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          // Ours always expire; one that does not was not made by this server's sign().
          requiredClaims: ['exp'],
        });
        if (typeof payload.id !== 'number' || typeof payload.email !== 'string') return null;
        if (!Array.isArray(payload.roles)) return null;
        if (typeof payload.sid !== 'string' || !payload.sid) return null;
        return {
          id: payload.id,
          email: payload.email,
          roles: payload.roles.map(String),
          ...(typeof payload.status === 'string' ? { status: payload.status } : {}),
          sid: payload.sid,
        };
      } catch {
        return null;
      }
    },
  };
}
