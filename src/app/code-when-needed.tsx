/**
 * A component whose code loads the first time it is needed (the toast container, the
 * update offer: docs/architecture.md §8). A load that fails, say because the connection
 * dropped halfway through the chunk, renders nothing and is tried again a little later
 * (2 s, 4 s, … up to a minute) while the component is still needed. React.lazy would
 * keep the rejected load for good and throw it at the nearest boundary; for parts that
 * sit beside every screen, that would blank the whole app.
 */
import { useEffect, useState, type ComponentType } from 'react';

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

/**
 * The file a failed dynamic import names in its error (Chromium's "Failed to fetch
 * dynamically imported module: <url>", Firefox's likewise), or null. A browser may keep a
 * failed module in the page's module map, as the HTML standard has it (Chromium does from
 * version 150): importing the same URL again answers the same failure without asking the
 * network. Under a query string of its own the file is a new module, fetched afresh.
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /\bhttps?:\/\/[^\s'"]+\.m?js(?=$|[\s'"?#])/.exec(message)?.[0] ?? null;
}

export function codeWhenNeeded<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P & { needed: boolean }> {
  let Loaded: ComponentType<P> | null = null;
  let failedUrl: string | null = null;

  return function WhenNeeded({ needed, ...props }: P & { needed: boolean }) {
    const [ready, setReady] = useState(Loaded !== null);
    const [failures, setFailures] = useState(0);
    useEffect(() => {
      if (!needed || ready) return;
      let live = true;
      const wait =
        failures === 0 ? 0 : Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
      const attempt = setTimeout(() => {
        const loading = failedUrl
          ? (import(/* @vite-ignore */ `${failedUrl}?attempt=${failures}`) as Promise<M>)
          : load();
        loading.then(
          (module) => {
            Loaded = pick(module);
            if (live) setReady(true);
          },
          (error: unknown) => {
            failedUrl ??= failedModuleUrl(error);
            if (live) setFailures((count) => count + 1);
          },
        );
      }, wait);
      return () => {
        live = false;
        clearTimeout(attempt);
      };
    }, [needed, ready, failures]);
    return needed && ready && Loaded ? <Loaded {...(props as P)} /> : null;
  };
}
