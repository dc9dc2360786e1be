/** The figures /metrics reads from the database at each scrape. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dbPool, mpesaOldestPending, mpesaRequests } from '../../lib/metrics';

/** M-Pesa requests by kind, purpose and status, the oldest pending, and the pool's use. */
export async function readDatabaseFigures(database: Database) {
  const counts = await database.db.execute(sql`
      select kind, purpose, status, count(*)::int as n,
             case when status = 'pending' then extract(epoch from now() - min(created_at)) end as oldest
      from mpesa_requests group by kind, purpose, status`);
  mpesaRequests.reset();
  mpesaOldestPending.reset();
  const oldest = new Map<string, number>([
    ['stk', 0],
    ['b2c', 0],
  ]);
  for (const row of (counts as unknown as { rows: Record<string, unknown>[] }).rows) {
    const kind = String(row.kind);
    mpesaRequests.set(
      { kind, purpose: String(row.purpose), status: String(row.status) },
      Number(row.n),
    );
    if (row.oldest !== null && row.oldest !== undefined) {
      oldest.set(kind, Math.max(oldest.get(kind) ?? 0, Number(row.oldest)));
    }
  }
  for (const [kind, seconds] of oldest) mpesaOldestPending.set({ kind }, Math.round(seconds));
  const pool = database.poolUse?.();
  if (pool) {
    dbPool.set({ state: 'total' }, pool.total);
    dbPool.set({ state: 'idle' }, pool.idle);
    dbPool.set({ state: 'waiting' }, pool.waiting);
  }
}
