/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The service worker (docs/architecture.md §7): precaches the app shell Vite built (every route's
 * JS and CSS, icons, the manifest, the prerendered public pages), and answers every other
 * navigation with the precached app shell, so each route opens offline after one visit. API calls pass through
 * untouched: they are never cached here and never answered with HTML (the offline data
 * lives in Dexie). A new version waits until the user accepts it from the app's prompt.
 * Background Sync drains the outbox from here, so work queued offline reaches the server
 * even when every window of the app is closed; Periodic Background Sync keeps the agent's
 * working set up to date the same way.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { offlineDb, type OutboxItem } from '../src/offline/db';
import { retryAfterReconnect } from '../src/offline/outbox';
import { drainOutbox } from '../src/offline/sync-engine';
import {
  OUTBOX_CONFIRMED_MESSAGE,
  OUTBOX_SYNC_MESSAGE,
  OUTBOX_SYNC_TAG,
  WORKING_SET_SYNC_TAG,
  WORKING_SET_SYNCED_MESSAGE,
} from '../src/offline/sync-tag';
import { sessionForWorker } from '../src/offline/worker-session';
import { workingSetDb } from '../src/offline/working-set/db';
import { syncWorkingSet } from '../src/offline/working-set/sync';
import { shellFile } from '../src/lib/prerendered-pages';
import { RETRY_PARAMETER } from '../src/lib/retryable-import';

declare const self: ServiceWorkerGlobalScope;

// Background Sync is not in TypeScript's WebWorker library; interfaces, to merge with it.
declare global {
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
    readonly lastChance: boolean;
  }
  interface PeriodicSyncEvent extends ExtendableEvent {
    readonly tag: string;
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
    periodicsync: PeriodicSyncEvent;
  }
}

// A file the app asks for again after a failed load, under ?attempt=N
// (src/lib/retryable-import.ts), is the precached file itself.
precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAMETER}$`)],
});
cleanupOutdatedCaches();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The API's path on this origin, as the app calls it (src/api/client.ts). */
const apiPath = new URL(
  import.meta.env.VITE_API_BASE_URL ?? '/api',
  self.location.origin,
).pathname.replace(/\/$/, '');

// The prerendered public pages are precached files of their own (`/login/agent` is
// login/agent.html, found by precacheAndRoute above); every other route opens the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(shellFile), {
    denylist: [
      // The API and its documentation pages.
      new RegExp(`^${escapeRegExp(apiPath)}(?:[/?]|$)`),
      // Files (robots.txt, the service worker itself): no app route has a dot in its path.
      /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i,
    ],
  }),
);

// The first version takes the open page at once, so the page that installed it is
// already served offline; later versions wait for SKIP_WAITING from the update prompt.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const appWindows = () => self.clients.matchAll({ includeUncontrolled: true, type: 'window' });

async function tellWindows(message: { type: string; item?: OutboxItem }): Promise<void> {
  for (const client of await appWindows()) client.postMessage(message);
}

/**
 * Background Sync: the browser thinks the connection is back while the outbox has items,
 * perhaps with the app closed. The worker drains the outbox itself, with the same engine
 * and the session the app shared (read again before each request, so nothing goes after
 * a sign-out, and a user's items only with that user's token). Web Locks make it the one
 * drainer: it waits while a window drains, and a window skips while it drains. Open
 * windows hear of each item sent (their lists reload) and are asked to drain what is
 * left. Items still waiting make the sync fail, so the browser tries again later.
 */
async function drainOutboxHere(): Promise<void> {
  // The browser fires the sync when it is online again: what failed for want of a
  // connection goes now rather than after its backoff.
  const session = await sessionForWorker(offlineDb);
  if (session) await retryAfterReconnect(offlineDb, session.userId);
  const result = await drainOutbox(
    {
      db: offlineDb,
      baseUrl: `${self.location.origin}${apiPath}`,
      session: () => sessionForWorker(offlineDb),
      onConfirmed: (item) => tellWindows({ type: OUTBOX_CONFIRMED_MESSAGE, item }),
    },
    { wait: true },
  );
  await tellWindows({ type: OUTBOX_SYNC_MESSAGE });
  if (result && !result.paused && result.waiting > 0) {
    throw new Error(`${result.waiting} outbox items are still waiting`);
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(drainOutboxHere());
});

/**
 * Periodic Background Sync (an installed app, where the browser grants it): the agent's
 * working set is kept up to date with the app closed, with the session the app shared.
 */
async function syncWorkingSetHere(): Promise<void> {
  const outcome = await syncWorkingSet({
    db: workingSetDb,
    baseUrl: `${self.location.origin}${apiPath}`,
    session: () => sessionForWorker(offlineDb),
  });
  if (outcome.changed) await tellWindows({ type: WORKING_SET_SYNCED_MESSAGE });
}

self.addEventListener('periodicsync', (event) => {
  if (event.tag === WORKING_SET_SYNC_TAG) event.waitUntil(syncWorkingSetHere());
});
