/**
 * When the outbox drains (DESIGN.md §7): at start, when the device comes online, when the
 * page becomes visible, on a timer while items wait, and when the service worker's
 * Background Sync fires. Only the signed-in user's items go, with that user's token.
 */
import { absoluteBase } from '../api/client';
import { readStoredSession } from '../lib/session-token';
import { offlineDb, type OutboxItem } from './db';
import { drainOutbox, type SyncSession } from './sync-engine';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from './sync-tag';

/** Fired on window after the server confirmed an outbox item: lists reload. */
export const OUTBOX_CONFIRMED_EVENT = 'mkopo:outbox-confirmed';
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

async function drainNow(): Promise<void> {
  if (!running) return;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const result = await drainOutbox({
    db: offlineDb,
    baseUrl: apiBaseUrlAbsolute(),
    session: syncSession,
    onConfirmed: (item: OutboxItem, answer: unknown) => {
      window.dispatchEvent(new CustomEvent(OUTBOX_CONFIRMED_EVENT, { detail: { item, answer } }));
    },
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
  const onOnline = () => schedule(0);
  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule(0);
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === OUTBOX_SYNC_MESSAGE) schedule(0);
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  schedule(0);
  return () => {
    running = false;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
