/**
 * Registers the service worker (sw/service-worker.ts) with workbox-window and offers each
 * new version instead of taking over: a new worker waits until the user chooses Update
 * in the prompt, and the page reloads only then, so nobody loses a form half filled in
 * (docs/architecture.md §7). The offer is a tiny store the prompt reads through useUpdateOffered.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { retryableImport } from '../../lib/retryable-import';
import { whenOnlineOrAfter } from '../../lib/when-online';
import { SERVICE_WORKER_URL } from './offline-shell';

/** Agents keep the app open for days; look for a new version this often while online. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updateOffered = false;
const listeners = new Set<() => void>();

function setUpdateOffered(offered: boolean) {
  if (updateOffered === offered) return;
  updateOffered = offered;
  for (const listener of listeners) listener();
}

function subscribeToUpdateOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits for the user's answer. */
export function useUpdateOffered(): boolean {
  return useSyncExternalStore(
    subscribeToUpdateOffer,
    () => updateOffered,
    () => false,
  );
}

/** "Later": the offer comes back with the next version, or when the app is opened again. */
export function postponeUpdate(): void {
  setUpdateOffered(false);
}

/**
 * "Update": the waiting worker is told to skip waiting, and the page reloads once that
 * worker controls it. When another tab already activated the new version, this page
 * runs the old code under the new worker and only needs the reload.
 */
export async function acceptUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!workbox || !registration?.waiting) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** How long after a failed registration it is tried again, unless the phone is back online first. */
const REGISTER_RETRY_MS = 60 * 1000;

const importWorkbox = retryableImport(() => import('workbox-window'));

/**
 * Loads workbox-window after the first screen (it is not needed to draw it), then registers;
 * a load or registration that fails (a connection dropped) is tried again.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await importWorkbox();
    const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    workbox = wb;

    // A new version installed and is waiting: this tab's, another tab's, or one found
    // before this page loaded.
    wb.addEventListener('waiting', () => setUpdateOffered(true));
    // Another tab accepted the update: this page's code is now older than its worker.
    // (The first version taking control of a page it installed on is not an update.)
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) setUpdateOffered(true);
    });

    await wb.register();
    window.setInterval(() => {
      if (navigator.onLine) void wb.update();
    }, UPDATE_CHECK_INTERVAL_MS);
  } catch (error) {
    // No offline shell yet; the app itself works. There is no client logger, so the
    // console is where a developer will look.
    console.warn('The service worker could not be registered', error);
    workbox = undefined;
    // Tried again when the phone is back online, or a minute later: an agent who signs in
    // on a poor signal must still have the app's files on the phone when the signal is gone.
    whenOnlineOrAfter(() => void registerServiceWorker(), REGISTER_RETRY_MS);
  }
}
