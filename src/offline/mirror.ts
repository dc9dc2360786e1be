/**
 * Mirrors of what an agent reads (docs/architecture.md §7): every GET answer an agent receives is
 * kept in Dexie under its path, and when the network is gone the last answer is shown
 * instead of an error. Loaded lazily by the API client, only for agents.
 */
import { offlineDb } from './db';

const COLLECTION = 'get';

const mirrorId = (userId: number, path: string) => `${userId}:${COLLECTION}:${path}`;

/** Keeps an answer with its ETag: the two are stored together, so a 304 names this data. */
export async function remember(
  userId: number,
  path: string,
  data: unknown,
  etag: string | null = null,
): Promise<void> {
  await offlineDb.mirrors.put({
    id: mirrorId(userId, path),
    userId,
    collection: COLLECTION,
    key: path,
    data,
    ...(etag ? { etag } : {}),
    updatedAt: Date.now(),
  });
}

/** The last answer seen for this path, or undefined when there is none. */
export async function recall(userId: number, path: string): Promise<unknown> {
  return (await offlineDb.mirrors.get(mirrorId(userId, path)))?.data;
}

/** The last answer seen for this path and its ETag, when the server gave one. */
export async function recallTagged(
  userId: number,
  path: string,
): Promise<{ data: unknown; etag: string } | undefined> {
  const record = await offlineDb.mirrors.get(mirrorId(userId, path));
  return record?.etag ? { data: record.data, etag: record.etag } : undefined;
}

/** Forgets every answer kept (a Log out: what the agent read leaves the phone). */
export async function forgetMirrors(): Promise<void> {
  await offlineDb.mirrors.clear();
}
