/**
 * The signed-in agent's session, shared with the service worker so that a Background
 * Sync can drain the outbox while no window of the app is open (docs/architecture.md §7). The
 * worker cannot read localStorage, where the app keeps its token, so the app copies
 * { userId, token } into the offline database while an agent is signed in, and removes
 * it at sign-out. The worker reads it again before every request it sends: an agent who
 * signed out stops the worker's drain, and another user's items are never sent with it.
 */
import { jwtDecode } from 'jwt-decode';
import type { OfflineDb } from './db';
import type { SyncSession } from './sync-engine';

const WORKER_SESSION_KEY = 'workerSession';

/** Keeps the session the worker may drain with; null forgets it. */
export async function shareSessionWithWorker(
  db: OfflineDb,
  session: SyncSession | null,
): Promise<void> {
  if (session) await db.meta.put({ key: WORKER_SESSION_KEY, value: session });
  else await db.meta.delete(WORKER_SESSION_KEY);
}

/** A token past its expiry (or no token at all) is refused by the server anyway. */
function expired(token: string): boolean {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp < Date.now() / 1000;
  } catch {
    return true;
  }
}

/** The session the app shared, or null when nobody is signed in or its token expired. */
export async function sessionForWorker(db: OfflineDb): Promise<SyncSession | null> {
  const value = (await db.meta.get(WORKER_SESSION_KEY))?.value as Partial<SyncSession> | undefined;
  if (typeof value?.userId !== 'number' || typeof value.token !== 'string' || !value.token) {
    return null;
  }
  return expired(value.token) ? null : { userId: value.userId, token: value.token };
}
