import { sql } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_TYPES_KEPT_AS_TEXT, type Database } from '../../server/db/client';
import { migratedPgliteTemplate } from '../support/pglite-template';

/**
 * The embedded database takes drizzle's type parsers once, at start, instead of with every
 * statement (server/db/client.ts): what drizzle reads must not change.
 */
describe("PGlite's type parsers, given once", () => {
  let database: Database;
  beforeAll(async () => {
    // A copy of the migrated test database: creating one runs initdb in WebAssembly.
    database = await openDatabase({
      databaseUrl: 'memory://',
      dataDir: '',
      startFrom: await migratedPgliteTemplate(),
    });
  });
  afterAll(() => database.close());

  it("covers every type drizzle's PGlite driver parses itself", () => {
    const query = new PglitePreparedQuery(
      {} as never,
      'select 1',
      [],
      { logQuery: () => undefined },
      { strategy: () => 'explicit' } as never,
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    );
    // Private in drizzle's types, read here on purpose: the list this test guards.
    const { queryConfig, rawQueryConfig } = query as unknown as Record<
      'queryConfig' | 'rawQueryConfig',
      { parsers?: Record<number, unknown> }
    >;
    const byDrizzle = Object.keys(queryConfig.parsers ?? {}).map(Number);
    const byDrizzleRaw = Object.keys(rawQueryConfig.parsers ?? {}).map(Number);
    expect(
      [...byDrizzle, ...byDrizzleRaw].filter((type) => !PGLITE_TYPES_KEPT_AS_TEXT.includes(type)),
    ).toEqual([]);
  });

  const probe = sql`select
    timestamp '2026-11-26 09:30:00' as ts,
    timestamptz '2026-11-26 09:30:00+03' as tstz,
    interval '1 day' as span,
    date '2026-11-26' as day,
    array[1.50, 2]::numeric[] as amounts,
    array[date '2026-11-26'] as days,
    12.50::numeric as amount`;

  it('keeps dates, timestamps and intervals as text, outside and inside a transaction', async () => {
    const read = async (run: typeof database.db) =>
      ((await run.execute(probe)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
    for (const row of [
      await read(database.db),
      await database.db.transaction((tx) => read(tx as unknown as typeof database.db)),
    ]) {
      expect(row).toEqual({
        ts: '2026-11-26 09:30:00',
        tstz: '2026-11-26 06:30:00+00',
        span: '1 day',
        day: '2026-11-26',
        amounts: '{1.50,2}',
        days: '{2026-11-26}',
        amount: '12.50',
      });
    }
  });
});
