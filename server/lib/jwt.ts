/**
 * Access tokens (docs/architecture.md §3): HS256 via jose, claims id, email, roles, status and `sid`,
 * the id of the signed-in session the token belongs to (server/modules/auth/sessions.ts).
 * A token without `sid` is not one of ours any more and is refused.
 */
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export type AccessClaims = {
  id: number;
  email: string;
  roles: string[];
  status?: string;
  sid: string;
};

/** A sign-in waiting for its second factor: who, and through which login role. */
export type ChallengeClaims = { userId: number; loginRole: string };

/** How long the code step of a sign-in may take. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type TokenService = {
  /** How long a token lives; a session's expiry follows its newest token. */
  ttlSeconds: number;
  /**
   * Signs a token that expires at `expiresAt` (whole seconds), issued at `issuedAt` (now
   * unless said): a caller that computed the expiry a moment ago passes that moment, so
   * that `exp - iat` is the lifetime even when a second turns in between.
   */
  sign: (claims: AccessClaims, expiresAt: Date, issuedAt?: Date) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
  /**
   * A challenge token for a sign-in whose password was right and whose code is still to
   * come: short-lived, with its own `typ`, and never accepted by `verify` (not a session).
   */
  signChallenge: (claims: ChallengeClaims) => Promise<{ token: string; expiresAt: Date }>;
  verifyChallenge: (token: string) => Promise<ChallengeClaims | null>;
};

const CHALLENGE_TYP = 'mkopo-2fa-challenge';

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
  // Tokens already verified, until they expire: a phone sends the same token with every
  // request, and checking its signature again (WebCrypto's HMAC, through jose) was about a
  // sixth of a kept read's cost. Whether its session still stands is asked on every
  // request all the same (plugins/auth.ts), so a sign-out or a revocation takes effect at
  // once.
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAtMs: number }>({
    max: 10_000,
  });
  return {
    ttlSeconds,
    sign: async (claims, expiresAt, issuedAt = new Date()) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key),
    signChallenge: async (claims) => {
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS) * 1000);
      const token = await new SignJWT({ challenge: claims.userId, loginRole: claims.loginRole })
        .setProtectedHeader({ alg: 'HS256', typ: CHALLENGE_TYP })
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
      return { token, expiresAt };
    },
    verifyChallenge: async (token) => {
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          typ: CHALLENGE_TYP,
          requiredClaims: ['exp'],
        });
        if (typeof payload.challenge !== 'number' || typeof payload.loginRole !== 'string') {
          return null;
        }
        if (protectedHeader.typ !== CHALLENGE_TYP) return null;
        return { userId: payload.challenge, loginRole: payload.loginRole };
      } catch {
        return null;
      }
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs)
          return { ...known.claims, roles: [...known.claims.roles] };
        verified.delete(token);
      }
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          // Ours always expire; one that does not was not made by this server's sign().
          requiredClaims: ['exp'],
        });
        // A sign-in's challenge is not a session, whatever claims it carries.
        if (protectedHeader.typ === CHALLENGE_TYP) return null;
        if (typeof payload.id !== 'number' || typeof payload.email !== 'string') return null;
        if (!Array.isArray(payload.roles)) return null;
        if (typeof payload.sid !== 'string' || !payload.sid) return null;
        const claims: AccessClaims = {
          id: payload.id,
          email: payload.email,
          roles: payload.roles.map(String),
          ...(typeof payload.status === 'string' ? { status: payload.status } : {}),
          sid: payload.sid,
        };
        // requiredClaims made jose check exp, a number of seconds.
        verified.set(token, { claims, expiresAtMs: Number(payload.exp) * 1000 });
        return { ...claims, roles: [...claims.roles] };
      } catch {
        return null;
      }
    },
  };
}
