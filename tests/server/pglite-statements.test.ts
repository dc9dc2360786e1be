import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, PgliteStatements } from '../../server/db/pglite-statements';

/**
 * The embedded database's named statements (server/db/pglite-statements.ts) answer what
 * PGlite's own `query` answers, fail as it fails, and keep its one-at-a-time order.
 */
describe('named statements on PGlite', () => {
  let pg: PGlite;
  let statements: PgliteStatements;
  let client: ReturnType<PgliteStatements['client']>;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    await pg.exec(`
      create table things (
        id bigint generated always as identity primary key,
        name text not null unique,
        amount numeric(14, 2),
        seen_at timestamptz,
        tags text[],
        data jsonb,
        photo bytea,
        active boolean
      )`);
    statements = new PgliteStatements(pg);
    client = statements.client();
  });
  afterAll(() => pg.close());

  const insert = `insert into things (name, amount, seen_at, tags, data, photo, active)
    values ($1, $2, $3, $4, $5, $6, $7) returning *`;

  it('answers what PGlite answers, rows, fields and counts, as objects and as arrays', async () => {
    const params = [
      'first',
      '12.50',
      new Date('2026-11-26T09:30:00Z'),
      ['a', 'b,c'],
      { nested: [1, 'two'] },
      new Uint8Array([1, 2, 3]),
      true,
    ];
    const ours = await client.query(insert, params);
    const theirs = await pg.query(insert, ['second', ...params.slice(1)]);
    expect({
      ...ours,
      rows: ours.rows.map((row) => ({ ...(row as object), id: 0, name: '' })),
    }).toEqual({
      ...theirs,
      rows: theirs.rows.map((row) => ({ ...(row as object), id: 0, name: '' })),
    });
    for (const rowMode of ['array', 'object'] as const) {
      const text = 'select name, amount, tags, data, photo, active from things order by id';
      expect(await client.query(text, [], { rowMode })).toEqual(
        await pg.query(text, [], { rowMode }),
      );
    }
    const update = 'update things set active = $1 where amount = $2';
    expect((await client.query(update, [null, '12.50'])).affectedRows).toBe(2);
    const nulls = 'select count(*)::int as n from things where active is null';
    expect((await client.query<{ n: number }>(nulls)).rows).toEqual([{ n: 2 }]);
  });

  it('fails as the database fails, and the next statement runs, in a transaction or not', async () => {
    await expect(
      client.query(insert, ['first', null, null, null, null, null, null]),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await expect(client.query('select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['in a transaction', null, null, null, null, null, null]);
        await tx.query(insert, ['first', null, null, null, null, null, null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await client.query<{ name: string }>('select name from things order by id');
    expect(names.rows.map(({ name }) => name)).toEqual(['first', 'second']);
  });

  it('runs one thing at a time: a statement asked for during a transaction waits for its end', async () => {
    const count = 'select count(*)::int as n from things';
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    await client.transaction(async (tx) => {
      await tx.query(insert, ['third', null, null, null, null, null, null]);
      outside = client.query<{ n: number }>(count);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await tx.query<{ n: number }>(count)).rows[0]!.n).toBe(3);
      await tx.rollback();
    });
    // Had it run inside the transaction (one connection), it would have counted the third.
    expect((await outside!).rows[0]!.n).toBe(2);
  });

  it(`keeps at most ${MAX_PREPARED} statements prepared, and an evicted one runs again`, async () => {
    for (let i = 0; i <= MAX_PREPARED + 10; i += 1) {
      expect((await client.query<{ n: number }>(`select ${i}::int as n`)).rows).toEqual([{ n: i }]);
    }
    expect(statements.size).toBe(MAX_PREPARED);
    expect((await client.query<{ n: number }>('select 0::int as n')).rows).toEqual([{ n: 0 }]);
    const open = await pg.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(open.rows[0]!.n).toBeLessThanOrEqual(MAX_PREPARED);
  });

  it('prepares a statement anew when its table changed shape under it', async () => {
    const text = 'select * from things where id = $1';
    await client.query(text, [1]);
    await pg.exec('alter table things add column note text');
    const { rows } = await client.query<{ note: string | null }>(text, [1]);
    expect(rows[0]).toHaveProperty('note', null);
  });

  it("keeps PGlite's parsers: a statement brings none of its own", async () => {
    const text = 'select seen_at from things where seen_at is not null';
    const kept = await client.query(text, [], {
      parsers: { [types.TIMESTAMPTZ]: () => 'ignored' },
    });
    expect(kept.rows).toEqual([
      { seen_at: new Date('2026-11-26T09:30:00Z') },
      { seen_at: new Date('2026-11-26T09:30:00Z') },
    ]);
  });
});
