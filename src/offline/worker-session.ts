/**
 * The signed-in agent's session, shared with the service worker so that a Background
 * Sync can drain the outbox while no window is open (DESIGN.md §7). The worker cannot
 * read localStorage, where the app keeps its token, so the app copies { userId, token }
 * into the offline database while an agent is signed in and removes it at sign-out.
 * The engine still sends only that user's items, with that user's token.
 */
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

/** The session the app shared, or null when nobody is signed in. */
export async function sessionForWorker(db: OfflineDb): Promise<SyncSession | null> {
  const value = (await db.meta.get(WORKER_SESSION_KEY))?.value as Partial<SyncSession> | undefined;
  return typeof value?.userId === 'number' && typeof value.token === 'string' && value.token
    ? { userId: value.userId, token: value.token }
    : null;
}
