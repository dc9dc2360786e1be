/**
 * Whether the working set is syncing in this window, for the Ready offline card and the
 * agent menu. Apart from the sync's own code (runtime.ts), so that the dashboard draws
 * without the sync, its record checks and their texts: that code loads after the first
 * render, with the screen's first read from the working set (src/api/client.ts), the sync
 * at start (src/app/offline-sync.tsx) or a tap on Sync now.
 */
let syncing = false;
const listeners = new Set<() => void>();

export function isSyncing(): boolean {
  return syncing;
}

/** Calls `listener` when a sync starts or ends here; answers the unsubscribe. */
export function onSyncingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** runtime.ts: a sync started (true) or ended (false). */
export function setSyncing(value: boolean): void {
  syncing = value;
  for (const listener of listeners) listener();
}
