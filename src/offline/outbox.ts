/**
 * The outbox (docs/architecture.md §7): writes an agent makes are queued here first, so nothing
 * typed in the field is lost. The sync engine sends them; this module adds, lists,
 * retries and discards them. Nothing leaves the outbox silently: an item goes away only
 * when the server confirmed it or the agent discarded it.
 */
import { offlineText } from '../i18n/offline';
import type { OfflineDb, OutboxItem, OutboxKind, OutboxRequest } from './db';

const TEMP_ID_KEY = 'lastTempId';

/** The last error of an item that could not reach the server at all. */
export const NO_CONNECTION = offlineText.noConnection;

/** The next negative temporary id (-1, -2, …): never a real id, which are positive. */
export async function nextTempId(db: OfflineDb): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const last = (await db.meta.get(TEMP_ID_KEY))?.value;
    const next = (typeof last === 'number' ? last : 0) - 1;
    await db.meta.put({ key: TEMP_ID_KEY, value: next });
    return next;
  });
}

export type NewOutboxItem = {
  userId: number;
  kind: OutboxKind;
  lenderBusinessId: number;
  label: string;
  request: OutboxRequest;
  /** Give the record a temporary id (borrowers and follow-ups show under it until sent). */
  withTempId?: boolean;
  /** Reuse an Idempotency-Key already tried online, so the server knows it. */
  id?: string;
};

export async function enqueue(db: OfflineDb, item: NewOutboxItem): Promise<OutboxItem> {
  const tempId = item.withTempId ? await nextTempId(db) : null;
  const queued: OutboxItem = {
    id: item.id ?? crypto.randomUUID(),
    userId: item.userId,
    kind: item.kind,
    status: 'waiting',
    attempts: 0,
    lastError: null,
    nextAttemptAt: 0,
    createdAt: Date.now(),
    lenderBusinessId: item.lenderBusinessId,
    tempId,
    label: item.label,
    request: item.request,
  };
  const seq = await db.outbox.add(queued);
  return { ...queued, seq };
}

/** A user's items in the order they are sent. */
export function userItems(db: OfflineDb, userId: number): Promise<OutboxItem[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** Sends a needs-attention item again, after the agent fixed what the server refused. */
export async function retryItem(db: OfflineDb, id: string, request?: OutboxRequest): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((item) => {
      item.status = 'waiting';
      item.nextAttemptAt = 0;
      item.lastError = null;
      if (request) item.request = request;
    });
}

/**
 * The connection is back: items that failed for want of one are due now instead of after
 * their backoff (a phone offline for hours would otherwise wait up to 5 minutes more).
 */
export async function retryAfterReconnect(db: OfflineDb, userId: number): Promise<void> {
  await db.outbox
    .where('userId')
    .equals(userId)
    .filter((item) => item.status === 'waiting' && item.lastError === NO_CONNECTION)
    .modify({ nextAttemptAt: 0 });
}

/** Removes an item the agent chose to discard (after confirming). */
export async function discardItem(db: OfflineDb, id: string): Promise<void> {
  await db.outbox.where('id').equals(id).delete();
}

export type OutboxCounts = { waiting: number; sending: number; needsAttention: number };

export function countItems(items: OutboxItem[]): OutboxCounts {
  const counts: OutboxCounts = { waiting: 0, sending: 0, needsAttention: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}
