/**
 * The service worker's address and when to register it, for the app (src/main.tsx, with
 * workbox-window: register-service-worker.ts) and for the pages of islands, which register
 * it plainly (src/landing-islands.ts, src/sign-in-islands.ts). Nothing here imports a
 * library: the islands are built on their own, and stay small.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

/**
 * Runs `run` once the page has loaded and the main thread is idle: no first screen needs
 * the service worker, and a phone's CPU is busy drawing the page until then.
 */
export function afterLoadWhenIdle(run: () => void): void {
  const idle = window.requestIdleCallback ?? ((next: () => void) => setTimeout(next, 1));
  const schedule = () => idle(() => run());
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/**
 * A page of islands registers the service worker so that the PWA installs from it; the
 * update offer is the app's (register-service-worker.ts), on the pages it runs.
 */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoadWhenIdle(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error) => {
      // No offline shell this time; the page itself works.
      console.warn('The service worker could not be registered', error);
    });
  });
}
