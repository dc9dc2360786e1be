/**
 * The agent's offline store (docs/architecture.md §7), in IndexedDB through Dexie:
 * - outbox: the writes made in the field, in the order they were made, each with the
 *   client UUID the server sees as its Idempotency-Key, the creating user, a status, the
 *   attempts and the last error; files are kept as Blobs.
 * - idMap: the real id the server gave each record created offline under a negative
 *   temporary id, so queued items that refer to it are rewritten before they are sent.
 * - mirrors: what an agent reads in the field, by user, refreshed from the server.
 * - meta: the temporary-id counter and the time of the last successful sync.
 */
import Dexie, { type EntityTable } from 'dexie';

export type OutboxKind = 'borrower' | 'loanApplication' | 'loanFile' | 'followUp' | 'complaint';
export type OutboxStatus = 'waiting' | 'sending' | 'needsAttention';

export type OutboxFile = { blob: Blob; name: string };

/** The HTTP request an item becomes; fields listed in `refs` may hold temporary ids. */
export type OutboxRequest = {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  json?: Record<string, unknown>;
  form?: { fields: Record<string, string>; files: Record<string, OutboxFile> };
  refs?: string[];
};

export type OutboxItem = {
  /** Auto-incremented: the order items were made and are sent in. */
  seq?: number;
  /** Client UUID, sent as the Idempotency-Key. */
  id: string;
  userId: number;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /** Not sent again before this time (epoch ms): the backoff after a failed attempt. */
  nextAttemptAt: number;
  createdAt: number;
  lenderBusinessId: number;
  /** The negative id the record shows under until the server confirms it. */
  tempId: number | null;
  /** A short description for the Outbox screen ("Borrower Mary Wambui"). */
  label: string;
  request: OutboxRequest;
};

export type IdMapping = { tempId: number; realId: number; kind: OutboxKind; userId: number };

/** One mirrored record: `collection` names the list, `key` the record within it. */
export type MirrorRecord = {
  /** `${userId}:${collection}:${key}` */
  id: string;
  userId: number;
  collection: string;
  key: string;
  data: unknown;
  /** The server's ETag for `data`: sent back as If-None-Match, a 304 keeps `data`. */
  etag?: string;
  updatedAt: number;
};

export type MetaRecord = { key: string; value: unknown };

/** The meta record of the last drain that reached the server's answers (epoch ms). */
export const LAST_SYNC_KEY = 'lastSyncAt';

export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxItem, 'seq'>;
  idMap!: EntityTable<IdMapping, 'tempId'>;
  mirrors!: EntityTable<MirrorRecord, 'id'>;
  meta!: EntityTable<MetaRecord, 'key'>;

  constructor(name = 'mkopo') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, userId, status, kind, tempId',
      idMap: 'tempId, userId',
      mirrors: 'id, [userId+collection]',
      meta: 'key',
    });
  }
}

export const offlineDb = new OfflineDb();
