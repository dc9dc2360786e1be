/**
 * Statuses and kinds are CHECK constraints built from the same lists their TypeScript
 * types come from (server/db/schema.ts): a write that bypasses the types (raw SQL, a
 * trigger, another tool on the database) cannot store a value the app does not know.
 */
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { approvedLender, type Lender } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
beforeAll(async () => {
  server = await startTestServer();
  lender = await approvedLender(server);
});
afterAll(() => server.close());

/** The message of the database's refusal, wherever the driver wrapped it. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await server.database.db.execute(statement);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${String(error)} ${cause ? String(cause) : ''}`;
  }
  return 'accepted';
}

describe('the database refuses a status or kind outside its list', () => {
  it('every status and kind column of the schema has its CHECK, and the migrations created it', async () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => getTableConfig(table).checks.map((check) => check.name))
      .filter((name) => name.endsWith('_known'));
    expect(declared.length).toBeGreaterThanOrEqual(29);
    const { rows } = (await server.database.db.execute(
      sql`select conname from pg_constraint where contype = 'c' and conname like '%\_known'`,
    )) as unknown as { rows: { conname: string }[] };
    expect(rows.map((row) => row.conname).sort()).toEqual([...declared].sort());
  });

  it("a business's status", async () => {
    expect(
      await refusal(
        sql`update lender_businesses set status = 'closed' where id = ${lender.businessId}`,
      ),
    ).toContain('lender_businesses_status_known');
    const { rows } = (await server.database.db.execute(
      sql`select status from lender_businesses where id = ${lender.businessId}`,
    )) as unknown as { rows: { status: string }[] };
    expect(rows[0]?.status).toBe('active');
  });

  it("a user's status and role", async () => {
    expect(await refusal(sql`update users set status = 'Gone' where id = ${lender.id}`)).toContain(
      'users_status_known',
    );
    expect(await refusal(sql`update users set role = 'owner' where id = ${lender.id}`)).toContain(
      'users_role_known',
    );
  });

  it("an M-Pesa request's kind, purpose and status", async () => {
    const insert = (kind: string, purpose: string, status: string) =>
      refusal(sql`insert into mpesa_requests (kind, purpose, status, lender_business_id, phone_number, amount)
        values (${kind}, ${purpose}, ${status}, ${lender.businessId}, '254700000000', 10)`);
    expect(await insert('c2b', 'deposit', 'pending')).toContain('mpesa_requests_kind_known');
    expect(await insert('stk', 'gift', 'pending')).toContain('mpesa_requests_purpose_known');
    expect(await insert('stk', 'deposit', 'lost')).toContain('mpesa_requests_status_known');
  });
});
