/**
 * Backups you have restored (docs/operations.md "Backups"): a business's month (capital,
 * a disbursed loan, a payment, uploaded documents) is backed up while the server serves,
 * restored into an empty database elsewhere, and compared table by table and file by
 * file. On PostgreSQL (TEST_DB=postgres) the same round trip goes through pg_dump and
 * pg_restore. The scripts are driven as an operator runs them: `npm run backup` against
 * a running server on the embedded database, then `npm run restore`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, restoreDatabase, restoreFiles, writeBackup } from '../../server/db/backup';
import { openDatabase, type Database } from '../../server/db/client';
import { createStorage } from '../../server/storage/create-storage';
import { type Lender, lendingBook } from '../support/fixtures';
import { signInAsAdmin } from '../../server/scripts/admin-sign-in';
import { startMain, runScript } from '../support/main-process';
import { disbursedLoan, pay } from '../support/money';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createPostgresDatabase,
  startTestServer,
  usingPostgres,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
let lender: Lender;
const folders: string[] = [];

function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'mkopo-backup-test-'));
  folders.push(folder);
  return folder;
}

const storageIn = (dataDir: string) =>
  createStorage({ ...server.config, dataDir, s3: undefined }, { secret: 'x', baseUrl: () => '' });

/** Every row of every table, as sorted JSON texts, keyed "schema.table". */
async function everyRow(database: Database, tables: string[]) {
  const rows: Record<string, string[]> = {};
  for (const name of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const result = (await database.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${table}" t`),
    )) as unknown as { rows: { row: string }[] };
    rows[name] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  const book = await lendingBook(server, {
    name: 'Akinyi',
    plan: { durationInDays: 28 },
    capital: 50_000,
    borrowers: 1,
  });
  lender = book.lender;
  const loan = await disbursedLoan(server, book.agent, lender, {
    borrowerId: book.borrowers[0]!.id,
    planId: book.planId,
    principal: 5_000,
  });
  await pay(server, {
    paybill: lender.paybill,
    account: loan.loanCode,
    amount: 1_234.5,
    transId: 'BKP1TEST01',
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a backup of a seeded month', () => {
  it('restores into an empty database with every table and file equal', async () => {
    // The comparison is with the live database after the backup: nothing may write in
    // between (SMS delivery reports, M-Pesa callbacks), so the API stops first. Backups
    // of a serving server are the next test's.
    await server.app.close();
    const folder = path.join(tempFolder(), 'backup');
    const storage = storageIn(server.config.dataDir);
    const manifest = await writeBackup({
      database: server.database,
      storage,
      folder,
      dataDir: server.config.dataDir,
    });
    expect(manifest.database.kind).toBe(server.database.kind);
    expect(manifest.files.length).toBeGreaterThanOrEqual(4);
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.tables['public.loans']).toBe(1);

    const target = tempFolder();
    const pg = usingPostgres() ? await createPostgresDatabase() : undefined;
    try {
      await restoreDatabase(folder, await readManifest(folder), {
        dataDir: target,
        databaseUrl: pg?.url,
      });
      const restored = await openDatabase({ dataDir: target, databaseUrl: pg?.url });
      try {
        const restoredStorage = storageIn(target);
        await restoreFiles(folder, manifest, restored, restoredStorage);

        const tables = Object.keys(manifest.tables);
        expect(await everyRow(restored, tables)).toEqual(await everyRow(server.database, tables));
        for (const file of manifest.files) {
          const original = await storage.get(file.key);
          expect(original, file.key).not.toBeNull();
          expect((await restoredStorage.get(file.key))?.equals(original!), file.key).toBe(true);
        }
        // Restoring twice would mix two states: the second is refused.
        await expect(
          restoreDatabase(folder, manifest, { dataDir: target, databaseUrl: pg?.url }),
        ).rejects.toThrow();
      } finally {
        await restored.close();
      }
    } finally {
      await pg?.drop();
    }
  }, 120_000);

  it('refuses a damaged file and names it', async () => {
    const folder = path.join(tempFolder(), 'backup');
    const storage = storageIn(server.config.dataDir);
    const manifest = await writeBackup({
      database: server.database,
      storage,
      folder,
      dataDir: server.config.dataDir,
    });
    const victim = manifest.files[0]!;
    const copy = path.join(folder, 'files', victim.key);
    const bytes = await readFile(copy);
    bytes[0] = (bytes[0]! + 1) % 256;
    await import('node:fs/promises').then((fs) => fs.writeFile(copy, bytes));
    await expect(
      restoreFiles(folder, manifest, server.database, storageIn(tempFolder())),
    ).rejects.toThrow(`The backup's copy of ${victim.key} is damaged.`);
  }, 60_000);
});

describe.skipIf(usingPostgres())(
  'npm run backup and npm run restore on the embedded database',
  () => {
    it('backs up a running server and restores into an empty DATA_DIR only', async () => {
      const dataDir = tempFolder();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL, ADMIN_PASSWORD };
      const main = startMain(env);
      let token = '';
      const folder = path.join(tempFolder(), 'nightly');
      try {
        expect(await main.started).toBe(true);
        const origin = /running at (http:\/\/\S+)/.exec(main.output())![1]!;
        // An administrator sets up a second factor before anything else.
        token = await signInAsAdmin(`${origin}/api`, ADMIN_EMAIL, ADMIN_PASSWORD);
        const created = await fetch(`${origin}/api/region/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: 'Backup Hills', description: 'Written before the backup' }),
        });
        expect(created.status).toBe(201);

        const backup = await runScript('server/scripts/backup.ts', [folder], env);
        expect(backup.output).toContain(`Backup written to ${folder}`);
        expect(backup.code).toBe(0);
        // The server took it: it alone has the embedded database open.
        expect(backup.output).toContain(`by the running server (process ${main.child.pid})`);

        const busy = await runScript('server/scripts/restore.ts', [folder], env);
        expect(busy.code).toBe(1);
        expect(busy.output).toContain('is using');
      } finally {
        await main.stop();
      }

      const elsewhere = { ...env, DATA_DIR: tempFolder() };
      const restore = await runScript('server/scripts/restore.ts', [folder], elsewhere);
      expect(restore.output).toContain('all checked');
      expect(restore.code).toBe(0);
      const again = await runScript('server/scripts/restore.ts', [folder], elsewhere);
      expect(again.output).toContain('already holds a database: restore into an empty DATA_DIR.');
      expect(again.code).toBe(1);

      const restored = startMain(elsewhere);
      try {
        expect(await restored.started).toBe(true);
        const origin = /running at (http:\/\/\S+)/.exec(restored.output())![1]!;
        // The secrets came back too: the token signed before the backup still opens the API.
        const regions = await fetch(`${origin}/api/region`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(regions.status).toBe(200);
        const names = ((await regions.json()) as { name: string }[]).map((r) => r.name);
        expect(names).toContain('Backup Hills');
      } finally {
        await restored.stop();
      }
    }, 180_000);
  },
);
