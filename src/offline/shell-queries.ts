/**
 * The offline store's reads that the shell and the agent's dashboard draw from, loaded
 * after the first render (lazy-live-query.ts): with them come Dexie and both databases.
 */
import { offlineDb } from './db';
import { userItems } from './outbox';
import { workingSetDb } from './working-set/db';

export { liveQuery } from 'dexie';

/** A user's outbox items in the order they are sent. */
export function outboxItemsOf(userId: number) {
  return userItems(offlineDb, userId);
}

/** The working set's record of itself for this user, whether it is whole, and its counts. */
export async function workingSetHeld(userId: number) {
  const state = await workingSetDb.state.get('state');
  if (!state || state.userId !== userId) return null;
  const shards = await workingSetDb.shards.toArray();
  const [borrowers, loans, followUps, agreements, ledgers, complaints] = await Promise.all([
    workingSetDb.borrowers.count(),
    workingSetDb.loans.count(),
    workingSetDb.followUps.count(),
    workingSetDb.agreements.count(),
    workingSetDb.ledgers.count(),
    workingSetDb.complaints.count(),
  ]);
  return {
    state,
    whole: shards.every((shard) => shard.complete),
    counts: { borrowers, loans, followUps, agreements, ledgers, complaints },
  };
}
