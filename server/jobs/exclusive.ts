/**
 * Runs a scheduled job on one instance at a time. On PostgreSQL a transaction-level
 * advisory lock, released with its transaction on whichever pooled connection; the lock's
 * transaction only holds the lock, the job's work runs in transactions of its own on the
 * pool, so what the job touches waits for one row at most and a failure undoes only its
 * own part. The embedded database belongs to one process: nothing to lock there.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The job's answer, or null when another instance holds its lock. */
export async function runExclusively<T>(
  database: Database,
  lockKey: number,
  work: () => Promise<T>,
): Promise<T | null> {
  if (database.kind === 'pglite') return work();
  return database.db.transaction(async (tx) => {
    const answer = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`);
    const [lock] = (answer as { rows: { locked: boolean }[] }).rows;
    if (!lock?.locked) return null;
    return work();
  });
}
