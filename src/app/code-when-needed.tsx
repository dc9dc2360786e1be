/**
 * A component whose code loads the first time it is needed (the toast container, the
 * update offer: docs/architecture.md §8). A load that fails, say because the connection
 * dropped halfway through the chunk, renders nothing and is tried again a little later
 * (2 s, 4 s, … up to a minute) while the component is still needed. React.lazy would
 * keep the rejected load for good and throw it at the nearest boundary; for parts that
 * sit beside every screen, that would blank the whole app. The browser may keep the failed
 * file too: the retries ask for it afresh (src/lib/retryable-import.ts).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { retryableImport } from '../lib/retryable-import';

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

export function codeWhenNeeded<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P & { needed: boolean }> {
  let Loaded: ComponentType<P> | null = null;
  const loadAgain = retryableImport(load);

  return function WhenNeeded({ needed, ...props }: P & { needed: boolean }) {
    const [ready, setReady] = useState(Loaded !== null);
    const [failures, setFailures] = useState(0);
    useEffect(() => {
      if (!needed || ready) return;
      let live = true;
      const wait =
        failures === 0 ? 0 : Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
      const attempt = setTimeout(() => {
        loadAgain().then(
          (module) => {
            Loaded = pick(module);
            if (live) setReady(true);
          },
          () => {
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
