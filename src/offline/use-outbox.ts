/**
 * React views of the offline store (dexie-react-hooks) for the screens that show the outbox:
 * its items, those pending of a kind, the last sync. The top bar's count and the connection
 * are in use-connection.ts, which the first screen draws without Dexie.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { LAST_SYNC_KEY, offlineDb, type OutboxItem, type OutboxKind } from './db';
import { userItems } from './outbox';
import { OUTBOX_CONFIRMED_EVENT } from './sync-tag';

const none: OutboxItem[] = [];

/** A user's outbox items in the order they are sent; undefined while they load. */
export function useOutboxItems(userId: number | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(
    () => (userId ? userItems(offlineDb, userId) : Promise.resolve(none)),
    [userId],
  );
}

/** Items of one kind (and business) not confirmed yet: shown as pending where the data is. */
export function usePendingItems(
  userId: number | null | undefined,
  kind: OutboxKind,
  lenderBusinessId?: number,
): OutboxItem[] {
  const items = useOutboxItems(userId);
  // The same array until the outbox changes: the lists built from it (a form's borrower
  // picker) are not built and drawn again at every render of their screen.
  return useMemo(
    () =>
      (items ?? none).filter(
        (item) =>
          item.kind === kind &&
          (lenderBusinessId === undefined || item.lenderBusinessId === lenderBusinessId),
      ),
    [items, kind, lenderBusinessId],
  );
}

export function useLastSync(): number | null {
  return useLiveQuery(
    async () => {
      const value = (await offlineDb.meta.get(LAST_SYNC_KEY))?.value;
      return typeof value === 'number' ? value : null;
    },
    [],
    null,
  );
}

/** Calls `onConfirmed` when the server confirms an outbox item of this kind. */
export function useOutboxConfirmed(kind: OutboxKind, onConfirmed: () => void) {
  const handle = useEffectEvent((event: Event) => {
    const item = (event as CustomEvent<{ item: OutboxItem }>).detail?.item;
    if (item?.kind === kind) onConfirmed();
  });
  useEffect(() => {
    const listener = (event: Event) => handle(event);
    window.addEventListener(OUTBOX_CONFIRMED_EVENT, listener);
    return () => window.removeEventListener(OUTBOX_CONFIRMED_EVENT, listener);
  }, []);
}
