/**
 * When the working set syncs in a window (docs/architecture.md §7): at sign-in and at app
 * start, when the phone comes back online, every 15 minutes while the app is open and
 * online, on "Sync now", before a read that follows a write, and — where the browser grants
 * it — from the service worker's Periodic Background Sync with the app closed.
 * Screens hear of what changed (WORKING_SET_CHANGED_EVENT) and read again.
 */
import { absoluteBase } from '../../api/base-url';
import { readStoredSession } from '../../lib/session-token';
import type { SyncSession } from '../sync-engine';
import { WORKING_SET_SYNC_TAG, WORKING_SET_SYNCED_MESSAGE } from '../sync-tag';
import { workingSetDb } from './db';
import { lastWriteAt, WORKING_SET_CHANGED_EVENT } from './freshness';
import { setSyncing } from './syncing';
import { answerFromWorkingSet, isWorkingSetPath, type LocalAnswer } from './read';
import { syncWorkingSet, wipeWorkingSetWhenIdle, type SyncOutcome } from './sync';

export { WORKING_SET_CHANGED_EVENT };

export const REFRESH_EVERY_MS = 15 * 60_000;
/** A read waits at most this long for the sync a write asked for, then shows what it has. */
const READ_WAIT_MS = 4_000;
/** A read starts a refresh in the background when the last one is older than this. */
const READ_REFRESH_AFTER_MS = 60_000;

function agentSession(): SyncSession | null {
  const stored = readStoredSession();
  return stored?.user.role === 'agent' ? { userId: stored.user.id, token: stored.token } : null;
}

let inFlight: Promise<SyncOutcome> | null = null;
let syncedAt = 0;

/** Syncs now (or joins the sync running), and tells the screens when something changed. */
export function syncNow(): Promise<SyncOutcome> {
  if (inFlight) return inFlight;
  const started = Date.now();
  inFlight = syncWorkingSet({ db: workingSetDb, baseUrl: absoluteBase(), session: agentSession })
    .catch((): SyncOutcome => ({ status: 'failed', changed: false, answers: 0 }))
    .then((outcome) => {
      if (outcome.status === 'done') syncedAt = started;
      if (outcome.changed) window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
      return outcome;
    })
    .finally(() => {
      inFlight = null;
      setSyncing(false);
    });
  setSyncing(true);
  return inFlight;
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * Before a read from the working set: after a write the server confirmed, wait (a little)
 * for the sync that brings it; otherwise refresh in the background when it is a while old.
 */
export async function freshForRead(): Promise<void> {
  if (!online()) return;
  if (lastWriteAt() > syncedAt) {
    const waited = new Promise<void>((resolve) => setTimeout(resolve, READ_WAIT_MS));
    await Promise.race([syncNow().then(() => undefined), waited]);
  } else if (Date.now() - syncedAt > READ_REFRESH_AFTER_MS) {
    void syncNow();
  }
}

/** Asks for Periodic Background Sync where the browser grants it (an installed app). */
async function registerPeriodicSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.ready;
  const periodic = (
    registration as
      | { periodicSync?: { register: (tag: string, o: { minInterval: number }) => Promise<void> } }
      | undefined
  )?.periodicSync;
  if (!periodic) return;
  const permission = await navigator.permissions
    ?.query({ name: 'periodic-background-sync' as PermissionName })
    .catch(() => undefined);
  if (permission?.state !== 'granted') return;
  await periodic.register(WORKING_SET_SYNC_TAG, { minInterval: REFRESH_EVERY_MS });
}

/** Starts syncing for the signed-in agent; answers the function that stops it. */
export function startWorkingSetSync(): () => void {
  const onOnline = () => void syncNow();
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string } | null;
    if (data?.type === WORKING_SET_SYNCED_MESSAGE) {
      window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
    }
  };
  const timer = setInterval(() => {
    if (online()) void syncNow();
  }, REFRESH_EVERY_MS);
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void syncNow();
  void registerPeriodicSync().catch(() => undefined);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}

/**
 * An agent screen's GET answered from the working set (after the freshness above), or
 * undefined when the working set cannot answer it whole.
 */
export async function readWorkingSet(
  userId: number,
  path: string,
  query: Record<string, string | number> | undefined,
): Promise<LocalAnswer | undefined> {
  if (!isWorkingSetPath(path)) return undefined;
  await freshForRead();
  return answerFromWorkingSet(userId, path, query);
}

/** Log out, or a session the server ended: the working set leaves the phone. */
export async function forgetWorkingSet(): Promise<void> {
  syncedAt = 0;
  await wipeWorkingSetWhenIdle(workingSetDb);
}
