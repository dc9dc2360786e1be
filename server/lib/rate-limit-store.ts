/**
 * A store for @fastify/rate-limit that counts in the database (`rate_limits`), so every
 * API instance on one PostgreSQL database counts the same requests: a limit of 10 is 10
 * whichever instance each request lands on. Fixed windows, as the plugin's own memory
 * store: the first request of a key opens a window of `timeWindow` ms, each request in it
 * adds one, and the first request after it opens the next window at 1. The database's
 * clock decides, so instances whose clocks differ still agree. Keys are hashed: no client
 * address or email is kept in clear. PGlite uses the same table (one code path).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, answer?: Answer) => void;

/** At most this many ended windows go per prune, so a request never waits for a big delete. */
const PRUNE_BATCH = 100;
/** One request in this many prunes ended windows (cheap by index). */
const PRUNE_EVERY = 20;

const hashed = (key: string) => createHash('sha256').update(key).digest('hex');

type Row = { count: number; ttl: number | string };

/** The class @fastify/rate-limit instantiates (its `store` option), bound to a database. */
export function databaseRateLimitStore(db: Db) {
  let requests = 0;

  async function increment(key: string, timeWindow: number): Promise<Answer> {
    const result = await db.execute(sql`
      insert into rate_limits (key, count, expires_at)
      values (${hashed(key)}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
        expires_at = case when rate_limits.expires_at <= now()
          then excluded.expires_at else rate_limits.expires_at end
      returning count, greatest(0, extract(epoch from (expires_at - now())) * 1000) as ttl`);
    const [row] = (result as unknown as { rows: Row[] }).rows;
    requests += 1;
    if (requests % PRUNE_EVERY === 0) await prune();
    return { current: row?.count ?? 1, ttl: Math.ceil(Number(row?.ttl ?? timeWindow)) };
  }

  async function read(key: string): Promise<Answer> {
    const result = await db.execute(sql`
      select count, greatest(0, extract(epoch from (expires_at - now())) * 1000) as ttl
      from rate_limits where key = ${hashed(key)} and expires_at > now()`);
    const [row] = (result as unknown as { rows: Row[] }).rows;
    return row ? { current: row.count, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 };
  }

  async function prune(): Promise<void> {
    await db.execute(sql`
      delete from rate_limits where key in (
        select key from rate_limits where expires_at <= now() limit ${PRUNE_BATCH})`);
  }

  const settle = (work: Promise<Answer>, callback: Callback) => {
    work.then(
      (answer) => callback(null, answer),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      settle(increment(key, timeWindow), callback);
    }

    read(key: string, callback: Callback) {
      settle(read(key), callback);
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
