/**
 * `npm run seed:demo` as a newcomer runs it: on an empty DATA_DIR it builds the demo
 * business through the API, every loan state is there, the ledgers add up to the cent,
 * the printed accounts sign in, and a second run leaves the demo as it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { runScript, startMain } from '../support/main-process';
import { ledgerViolations } from '../support/money';
import { usingPostgres, type TestServer } from '../support/test-server';

let dataDir = '';
const env = { DATA_DIR: '', DATABASE_URL: '', ADMIN_PASSWORD: '', ADMIN_EMAIL: '' };

// The demo is the embedded database's: it runs once, in the PGlite pass (and makes its
// directory only then: a pass that skips it leaves nothing behind).
describe.skipIf(usingPostgres())('npm run seed:demo', () => {
  beforeAll(() => {
    dataDir = env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'mkopo-demo-test-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fills an empty database with a believable book whose money adds up', async () => {
    const seeded = await runScript('server/scripts/seed-demo.ts', [], env);
    expect(seeded.output).toContain('Done: 2 businesses, 4 agents, 60 borrowers');
    expect(seeded.output).toContain('amani.lender@mkopo-demo.test');
    expect(seeded.code).toBe(0);

    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const statuses = (await rows(sql`select distinct status from loans`)).map((r) => r.status);
      expect(statuses.sort()).toEqual(
        ['active', 'default', 'pending', 'rejected', 'repaid', 'written_off'].sort(),
      );
      const [counts] = await rows(sql`select
        (select count(*)::int from borrowers where passport_photo_id is not null) as photos,
        (select count(*)::int from fines) as fines,
        (select count(*)::int from follow_ups) as follow_ups,
        (select count(*)::int from sms_messages) as messages,
        (select count(*)::int from loans where disbursement_failure is not null) as failed,
        (select count(*)::int from mpesa_requests where purpose = 'refund') as refunds`);
      expect(counts).toMatchObject({ photos: 60, failed: 1, refunds: 1 });
      for (const figure of ['fines', 'follow_ups', 'messages'] as const) {
        expect(counts![figure], figure).toBeGreaterThan(0);
      }
      // Every phone number is one of the simulator's 0700 000 xxx test numbers.
      const [foreign] = await rows(
        sql`select count(*)::int as n from borrowers where phone_number not like '2547000%'`,
      );
      expect(foreign!.n).toBe(0);
      expect(await ledgerViolations({ database } as TestServer)).toEqual([]);
    } finally {
      await database.close();
    }

    const again = await runScript('server/scripts/seed-demo.ts', [], env);
    expect(again.output).toContain('The demo is already in this database.');
    expect(again.code).toBe(0);

    const main = startMain(env);
    try {
      expect(await main.started).toBe(true);
      const origin = /running at (http:\/\/\S+)/.exec(main.output())![1]!;
      for (const [role, email] of [
        ['lender', 'amani.lender@mkopo-demo.test'],
        ['agent', 'kiprono.agent1@mkopo-demo.test'],
        ['admin', 'admin@mkopo-demo.test'],
      ]) {
        const signIn = await fetch(`${origin}/api/auth/${role}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Demo#2026' }),
        });
        expect(signIn.status, email).toBe(200);
      }
    } finally {
      await main.stop();
    }
  }, 600_000);
});
