import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';

/** Starts hydrating a band this far before it scrolls into view. */
const AHEAD = '300px';

const nearScreen = new Map<string, Promise<void>>();

/** Resolves once the element with this id comes near the screen (at once if there is none). */
function whenNearScreen(id: string): Promise<void> {
  let promise = nearScreen.get(id);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const element = document.getElementById(id);
      if (!element || typeof IntersectionObserver === 'undefined') return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
    });
    nearScreen.set(id, promise);
  }
  return promise;
}

const noSubscription = () => () => undefined;

/**
 * True while React renders the prerendered HTML (the build's render, and hydration in the
 * browser, both take the server snapshot); false in a fresh render in the browser.
 */
function useFromHtml(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

function WaitUntilNearScreen({ id, children }: { id: string; children: ReactNode }) {
  // In the browser's hydration only: the build renders everything, and a fresh render in
  // the browser (Kiswahili, signed in) draws everything at once.
  if (useFromHtml() && typeof window !== 'undefined') use(whenNearScreen(id));
  return children;
}

/**
 * A band of the prerendered landing page that hydrates only when it comes near the screen
 * (docs/architecture.md §8). Its HTML is already painted; until then React leaves it as it
 * came, so loading the page hydrates only the header, the hero and what else is in view,
 * and a phone's main thread is not blocked for the whole page. `id` is the id of the
 * band's outer element. The fallback is never drawn: the band suspends only while it is
 * still the prerendered HTML.
 */
export function HydrateWhenVisible({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitUntilNearScreen id={id}>{children}</WaitUntilNearScreen>
    </Suspense>
  );
}
