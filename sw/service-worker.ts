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
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '../src/offline/sync-tag';

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
 * Background Sync: the connection is back while the outbox has items. The outbox lives
 * in the page's Dexie database and its drainer runs there (one at a time, Web Locks),
 * so the worker only wakes every open window to drain.
 */
async function askWindowsToDrainOutbox(): Promise<void> {
  const windows = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  for (const client of windows) client.postMessage({ type: OUTBOX_SYNC_MESSAGE });
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(askWindowsToDrainOutbox());
});
