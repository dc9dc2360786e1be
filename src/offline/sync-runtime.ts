/**
 * When the outbox drains in a window (docs/architecture.md §7): at start, when the device comes
 * online, when the page becomes visible, on a timer while items wait, and when the
 * service worker asks after its Background Sync. The worker drains too, with the app
 * closed; Web Locks keep it to one drainer. Only the signed-in user's items go, with that
 * user's token; the session is shared with the worker while an agent is signed in.
 */
import { absoluteBase } from '../api/base-url';
import { readStoredSession } from '../lib/session-token';
import { offlineDb, type OutboxItem } from './db';
import { retryAfterReconnect } from './outbox';
import { drainOutbox, type SyncSession } from './sync-engine';
import {
  OUTBOX_CONFIRMED_EVENT,
  OUTBOX_CONFIRMED_MESSAGE,
  OUTBOX_SYNC_MESSAGE,
  OUTBOX_SYNC_TAG,
} from './sync-tag';
import { shareSessionWithWorker } from './worker-session';
import { markWorkingSetBehind } from './working-set/freshness';

/** While items wait without a backoff time (a record they need is still queued). */
const IDLE_RETRY_MS = 30_000;

export function apiBaseUrlAbsolute(): string {
  return absoluteBase();
}

export function syncSession(): SyncSession | null {
  const stored = readStoredSession();
  return stored ? { userId: stored.user.id, token: stored.token } : null;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running = false;

function schedule(delayMs: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void drainNow(), Math.max(0, delayMs));
}

/** Gives the service worker the session signed in now (none after a sign-out). */
export function shareSession(): Promise<void> {
  return shareSessionWithWorker(offlineDb, syncSession()).catch(() => undefined);
}

function announceConfirmed(item: OutboxItem, answer?: unknown) {
  // The lists read the working set: the next read waits for the sync that brings the item.
  markWorkingSetBehind();
  window.dispatchEvent(new CustomEvent(OUTBOX_CONFIRMED_EVENT, { detail: { item, answer } }));
}

async function drainNow(): Promise<void> {
  if (!running) return;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const result = await drainOutbox({
    db: offlineDb,
    baseUrl: apiBaseUrlAbsolute(),
    session: syncSession,
    onConfirmed: announceConfirmed,
  }).catch(() => null);
  if (!result || result.paused) return;
  if (result.retryAt !== null) schedule(result.retryAt - Date.now());
  else if (result.waiting > 0) schedule(IDLE_RETRY_MS);
}

/** Asks for a drain soon, and for the service worker's Background Sync as a fallback. */
export function requestSync(): void {
  schedule(0);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync;
      return sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => undefined);
}

/** Starts draining on the app's events; answers the function that stops it. */
export function startSync(): () => void {
  running = true;
  void shareSession();
  const onOnline = () => {
    // Back online: what failed for want of a connection goes now, not after its backoff.
    const session = syncSession();
    void (session ? retryAfterReconnect(offlineDb, session.userId) : Promise.resolve())
      .catch(() => undefined)
      .then(() => schedule(0));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule(0);
  };
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; item?: OutboxItem } | null;
    if (data?.type === OUTBOX_SYNC_MESSAGE) schedule(0);
    // The worker sent an item: the lists showing it reload.
    if (data?.type === OUTBOX_CONFIRMED_MESSAGE && data.item) announceConfirmed(data.item);
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  schedule(0);
  return () => {
    running = false;
    clearTimeout(timer);
    // Signed out (or another user signed in): the worker sends nothing more for this one.
    void shareSession();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
