/**
 * Whether the working set may be behind the server, told by whoever writes: a write the
 * server confirmed (sent at once, or from the outbox) marks it, and the next read waits for
 * a sync first, so a screen shows what it has just written. No imports: the API client
 * loads this for every role, and only agents load the working set itself.
 */
let writtenAt = 0;

/**
 * Fired on window when a sync changed the working set: the query layer
 * (src/api/query-client.ts) has every screen reading it read again. Here, with no imports,
 * so that the query layer listens from its first query on, before the sync's code loads.
 */
export const WORKING_SET_CHANGED_EVENT = 'mkopo:working-set-changed';

/** A write reached the server: the next read syncs first. */
export function markWorkingSetBehind(): void {
  writtenAt = Date.now();
}

/** When the last write reached the server (epoch ms; 0 for none). */
export function lastWriteAt(): number {
  return writtenAt;
}
