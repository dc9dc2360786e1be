/**
 * Whether React runs this page yet. False in a prerender and while the browser hydrates
 * it (docs/architecture.md §8), true from then on, and at once on a page the browser
 * renders itself. A prerendered form disables its submit button until then: pressed
 * before the app has loaded, the browser would send the form itself, as a GET with the
 * password in the address.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
