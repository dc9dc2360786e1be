/**
 * Access tokens (docs/architecture.md §3): HS256, claims id, email, roles, status and `sid`,
 * the id of the signed-in session the token belongs to (server/modules/auth/sessions.ts).
 * A token without `sid` is not one of ours any more and is refused.
 *
 * jose signs them. They are verified on every request with node:crypto's HMAC, at once:
 * jose's verify goes through WebCrypto, a job on libuv's thread pool and a promise per
 * token, about 5% of the server's CPU in bench:sync. The checks are jose's (RFC 7515/7519):
 * the header says HS256 and asks for no extension (`crit`, `b64`), the signature is the
 * HMAC of the first two parts (compared in constant time), each part is canonical
 * base64url, the payload is a JSON object whose `exp` (required: ours always have one)
 * has not passed, whose `nbf` (if any) has, and whose `iat` (if any) is a number.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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

/** A JWT part decoded as a JSON object; null unless it is canonical base64url of one. */
function jsonPart(part: string): Record<string, unknown> | null {
  const bytes = Buffer.from(part, 'base64url');
  // Node's decoder skips characters outside the alphabet: only the canonical spelling counts.
  if (bytes.toString('base64url') !== part) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The payload of a compact HS256 JWT signed with `key` and valid now; null otherwise. */
export function verifyHs256(
  token: string,
  key: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  if (!headerPart || !payloadPart || !signaturePart) return null;
  const header = jsonPart(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.toString('base64url') !== signaturePart) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = jsonPart(payloadPart);
  if (!payload) return null;
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
  if (payload.exp <= nowSeconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds))
    return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}

export function tokenService(secret: string, ttlSeconds: number): TokenService {
  const secretBytes = Buffer.from(secret, 'utf8');
  // Imported once (for signing): handed the raw bytes, jose imports a WebCrypto key on
  // every call.
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
        // No key, no valid token (an empty HMAC key would let anyone sign one).
        if (secretBytes.length === 0) return null;
        const payload = verifyHs256(token, secretBytes);
        if (!payload) return null;
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
