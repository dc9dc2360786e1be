/**
 * useLiveQuery (dexie-react-hooks) for the parts of the first screen that read the offline
 * store: the top bar's outbox count, the log-out warning and the Ready offline card. Dexie
 * and the store's code load after the first render instead of before it, so the screen
 * draws without them (they were half the chunk every signed-in role loads before its first
 * render). Until the query's first answer the hook answers undefined, as useLiveQuery
 * does; then it answers again at every change. With no query (a user who has no offline
 * store) it loads nothing and answers undefined.
 */
import { useEffect, useState, type DependencyList } from 'react';
import type { liveQuery } from 'dexie';
import { retryableImport } from '../lib/retryable-import';
import { sameDeps } from '../lib/same-deps';
import type * as QueriesModule from './shell-queries';

type Queries = typeof QueriesModule & { liveQuery: typeof liveQuery };

const importQueries = retryableImport(() => import('./shell-queries'));

export function useLazyLiveQuery<T>(
  query: ((queries: Queries) => Promise<T>) | null,
  deps: DependencyList,
): T | undefined {
  const [answer, setAnswer] = useState<{ deps: DependencyList; value: T } | null>(null);
  useEffect(() => {
    if (!query) return;
    let live = true;
    let subscription: { unsubscribe: () => void } | undefined;
    importQueries().then(
      (queries) => {
        if (!live) return;
        subscription = queries
          .liveQuery(() => query(queries))
          .subscribe({
            next: (value) => setAnswer({ deps, value }),
            // As useLiveQuery: a failed read leaves the last answer.
            error: () => undefined,
          });
      },
      // The file did not load: the parts show what they show before the first answer.
      () => undefined,
    );
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
    // The caller's deps decide, as for useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // An answer for other deps (another user) is not this one's.
  return answer && sameDeps(answer.deps, deps) ? answer.value : undefined;
}
