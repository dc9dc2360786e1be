/**
 * The connection and the outbox's counts, for the top bar and the log-out warning
 * (docs/architecture.md §7). The counts read the offline store once its code is in, after
 * the first render (lazy-live-query.ts); until then they are zero, as they are until any
 * read of the store answers. Only an agent has an outbox: for the others nothing loads.
 */
import { useSyncExternalStore } from 'react';
import { useLazyLiveQuery } from './lazy-live-query';
import { countItems, type OutboxCounts } from './outbox';

const none = countItems([]);

export function useOutboxCounts(userId: number | null | undefined): OutboxCounts {
  const items = useLazyLiveQuery(userId ? (queries) => queries.outboxItemsOf(userId) : null, [
    userId,
  ]);
  return items ? countItems(items) : none;
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
