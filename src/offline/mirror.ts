/**
 * Mirrors of what an agent reads (DESIGN.md §7): every GET answer an agent receives is
 * kept in Dexie under its path, and when the network is gone the last answer is shown
 * instead of an error. Loaded lazily by the API client, only for agents.
 */
import { offlineDb } from './db';

const COLLECTION = 'get';

const mirrorId = (userId: number, path: string) => `${userId}:${COLLECTION}:${path}`;

export async function remember(userId: number, path: string, data: unknown): Promise<void> {
  await offlineDb.mirrors.put({
    id: mirrorId(userId, path),
    userId,
    collection: COLLECTION,
    key: path,
    data,
    updatedAt: Date.now(),
  });
}

/** The last answer seen for this path, or undefined when there is none. */
export async function recall(userId: number, path: string): Promise<unknown> {
  return (await offlineDb.mirrors.get(mirrorId(userId, path)))?.data;
}
