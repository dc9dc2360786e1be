/**
 * The access token's check (server/lib/jwt.ts, jose's jwtVerify): tokens signed by jose pass;
 * forged, tampered, expired and unusual ones are refused.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { tokenService } from '../../server/lib/jwt';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWT with this header and payload, signed with HMAC-SHA256 (whatever the header says). */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const claims = { id: 7, email: 'agent@example.co.ke', roles: ['agent'], sid: 'session-1' };

describe('access tokens', () => {
  it("verifies jose's tokens and reads their claims", async () => {
    const tokens = tokenService(SECRET, 900);
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    const other = await new SignJWT({ ...claims, status: 'active' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setNotBefore(now() - 5)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(other)).toEqual({ ...claims, status: 'active' });
  });

  it('stamps the moment the caller says the token was issued, to the second', async () => {
    const tokens = tokenService(SECRET, 900);
    // Issued a second turn before the signature: iat is that moment, not the signing one.
    const issuedAt = new Date((now() - 1) * 1000);
    const expiresAt = new Date(issuedAt.getTime() + 900_000);
    const token = await tokens.sign(claims, expiresAt, issuedAt);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(payload.iat).toBe(issuedAt.getTime() / 1000);
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('refuses forged, tampered, expired and unusual tokens', async () => {
    const tokens = tokenService(SECRET, 900);
    const good = await tokens.sign(claims, new Date(Date.now() + 60_000));
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const exp = now() + 60;
    const refused: Record<string, string> = {
      'another secret': handMade({ alg: 'HS256' }, { ...claims, exp }, 'x'.repeat(40)),
      'payload changed': `${header}.${b64({ ...claims, id: 1, exp })}.${signature}`,
      'alg none': `${b64({ alg: 'none' })}.${b64({ ...claims, exp })}.`,
      'no signature': `${header}.${payload}.`,
      'alg HS512': handMade({ alg: 'HS512' }, { ...claims, exp }),
      'alg missing': handMade({ typ: 'JWT' }, { ...claims, exp }),
      'crit header': handMade({ alg: 'HS256', crit: ['b64'], b64: false }, { ...claims, exp }),
      expired: handMade({ alg: 'HS256' }, { ...claims, exp: now() - 1 }),
      'expires now': handMade({ alg: 'HS256' }, { ...claims, exp: now() }),
      'no exp': handMade({ alg: 'HS256' }, claims),
      'exp as text': handMade({ alg: 'HS256' }, { ...claims, exp: String(exp) }),
      'not yet valid': handMade({ alg: 'HS256' }, { ...claims, exp, nbf: now() + 60 }),
      'iat as text': handMade({ alg: 'HS256' }, { ...claims, exp, iat: 'today' }),
      'payload an array': handMade({ alg: 'HS256' }, [claims]),
      'signature with a stray character': `${header}.${payload}.${signature.slice(0, 10)}*${signature.slice(10)}`,
      'payload with a stray character': `${header}.${payload}!.${signature}`,
      'four parts': `${good}.${signature}`,
      'two parts': `${header}.${payload}`,
      empty: '',
    };
    for (const [name, token] of Object.entries(refused)) {
      expect([name, await tokens.verify(token)]).toEqual([name, null]);
    }
    expect(await tokens.verify(good)).toEqual(claims);
  });
});
