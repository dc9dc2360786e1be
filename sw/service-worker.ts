/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The service worker (DESIGN.md §7): precaches the app shell Vite built (every route's
 * JS and CSS, icons, the manifest), and answers every navigation with the precached
 * index.html so each route opens offline after one visit. API calls pass through
 * untouched: they are never cached here and never answered with HTML (the offline data
 * lives in Dexie). A new version waits until the user accepts it from the app's prompt.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { offlineDb } from '../src/offline/db';
import { drainOutbox } from '../src/offline/sync-engine';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '../src/offline/sync-tag';
import { sessionForWorker } from '../src/offline/worker-session';

declare const self: ServiceWorkerGlobalScope;

// Background Sync is not in TypeScript's WebWorker library; interfaces, to merge with it.
declare global {
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
    readonly lastChance: boolean;
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The API's path on this origin, as the app calls it (src/api/client.ts). */
const apiPath = new URL(
  import.meta.env.VITE_API_BASE_URL ?? '/api',
  self.location.origin,
).pathname.replace(/\/$/, '');

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
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

/**
 * Background Sync: the connection is back while the outbox has items, perhaps with the
 * app closed. The worker drains the outbox itself with the session the app shared (the
 * same engine; Web Locks keep it to one drainer with any open window), then wakes every
 * open window to refresh and drain what is left. Items still waiting make the sync fail,
 * so the browser tries again later.
 */
async function drainOutboxHere(): Promise<void> {
  const session = await sessionForWorker(offlineDb);
  const result = session
    ? await drainOutbox({
        db: offlineDb,
        baseUrl: `${self.location.origin}${apiPath}`,
        session: () => session,
      })
    : null;
  const windows = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  for (const client of windows) client.postMessage({ type: OUTBOX_SYNC_MESSAGE });
  if (result && !result.paused && result.waiting > 0 && windows.length === 0) {
    throw new Error(`${result.waiting} outbox items still waiting`);
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(drainOutboxHere());
});
