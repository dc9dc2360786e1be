/**
 * A JWT with these claims and a made-up signature: the client reads a token's claims and
 * never checks its signature (the server does), so unit tests sign nobody in for real.
 */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
