/**
 * Logging out ends the session on the server too (POST /auth/logout), so a copied token
 * stops working. An agent may log out with no connection: the token then waits here, in
 * localStorage, and is sent when the connection is back (at start and on `online`).
 * The server's 204 or 401 (already ended) settles a token; a network failure, 408, 429
 * or 5xx keeps it for the next try; a token past its expiry is dropped unsent, since
 * the server refuses it anyway.
 */
import { jwtDecode } from 'jwt-decode';
import { absoluteBase } from '../api/base-url';
import { isExpired } from './session-token';
import { storageKeys } from './storage-keys';

/** Tokens kept at most (a phone logging out again and again offline). */
export const MAX_PENDING_REVOCATIONS = 20;

/** Sends one revocation; answers the HTTP status, or throws when the network fails. */
export type RevocationSender = (token: string) => Promise<number>;

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(
      localStorage.getItem(storageKeys.pendingRevocations) ?? '[]',
    );
    return Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function write(tokens: string[]): void {
  if (tokens.length) {
    localStorage.setItem(storageKeys.pendingRevocations, JSON.stringify(tokens));
  } else {
    localStorage.removeItem(storageKeys.pendingRevocations);
  }
}

function expired(token: string, nowSeconds: number): boolean {
  try {
    return isExpired(jwtDecode<{ exp?: number }>(token).exp, nowSeconds);
  } catch {
    return true; // not a token at all: nothing to end
  }
}

/** The tokens still to be ended on the server, oldest first, expired ones left out. */
export function pendingRevocations(nowSeconds = Date.now() / 1000): string[] {
  return read().filter((token) => !expired(token, nowSeconds));
}

/** Keeps a token to be ended on the server (once; the newest when the list is full). */
export function queueRevocation(token: string, nowSeconds = Date.now() / 1000): void {
  const tokens = pendingRevocations(nowSeconds).filter((t) => t !== token);
  if (!expired(token, nowSeconds)) tokens.push(token);
  write(tokens.slice(-MAX_PENDING_REVOCATIONS));
}

function forget(token: string): void {
  // Read again: another tab may have queued a token meanwhile.
  write(read().filter((t) => t !== token));
}

/** POST /auth/logout with the token to end (not the stored session's, which is gone). */
const sendOverHttp: RevocationSender = async (token) => {
  const response = await fetch(`${absoluteBase()}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  });
  return response.status;
};

/** Whether the server's answer settles the token: ended now, already, or refused for good. */
function settled(status: number): boolean {
  return !(status === 408 || status === 429 || status >= 500);
}

let sending: Promise<void> | null = null;

/**
 * Sends every waiting revocation, one at a time; a second call while one runs waits
 * for it. Stops at the first network failure (the connection is gone again).
 */
export function sendPendingRevocations(send: RevocationSender = sendOverHttp): Promise<void> {
  sending ??= (async () => {
    try {
      write(pendingRevocations());
      // Tokens queued while this runs are sent in the same run.
      const tried = new Set<string>();
      for (;;) {
        const token = pendingRevocations().find((t) => !tried.has(t));
        if (token === undefined) return;
        tried.add(token);
        let status: number;
        try {
          status = await send(token);
        } catch {
          return;
        }
        if (settled(status)) forget(token);
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Ends a session on the server, now when possible, else once the connection is back. */
export function revokeSession(token: string, send?: RevocationSender): Promise<void> {
  queueRevocation(token);
  return sendPendingRevocations(send);
}

/** Sends what waits now and whenever the device comes online; answers the stop function. */
export function watchPendingRevocations(send?: RevocationSender): () => void {
  const onOnline = () => void sendPendingRevocations(send);
  window.addEventListener('online', onOnline);
  if (read().length) onOnline();
  return () => window.removeEventListener('online', onOnline);
}
