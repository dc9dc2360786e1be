/**
 * Migrations apart from start (the README's "Running against PostgreSQL"): `npm run db:migrate`
 * applies them once; the real server (`npm start`'s main.ts) on PostgreSQL refuses a database that
 * is behind, with one line saying to migrate, unless MIGRATE_ON_START=true; on the embedded
 * database it migrates at start unless told not to.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { runScript, startMain, type MainProcess } from '../support/main-process';
import { createPostgresDatabase, usingPostgres } from '../support/test-server';

// Each test kills and starts server processes (each opens and migrates its database): slow by
// nature, and more so on a loaded machine. The default 30 s is for tests of one request.
vi.setConfig({ testTimeout: 90_000 });

const MIGRATIONS = readdirSync(path.join(import.meta.dirname, '../../server/db/migrations')).filter(
  (name) => name.endsWith('.sql'),
).length;
const BEHIND =
  /^The database is (\d+) migrations? behind this version of Mkopo: run `npm run db:migrate` first \(or set MIGRATE_ON_START=true\)\.$/;

const running: MainProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

function start(env: Record<string, string>) {
  const server = startMain(env);
  running.push(server);
  return server;
}

const migrate = (env: Record<string, string>) => runScript('server/db/migrate.ts', [], env);

describe.skipIf(!usingPostgres())('on PostgreSQL', () => {
  async function emptyDatabase() {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    return { DATABASE_URL: database.url, ADMIN_PASSWORD: 'Boss-Passw0rd!' };
  }

  it('the server refuses an empty database with one line; db:migrate applies every migration once; then it starts', async () => {
    const env = await emptyDatabase();
    const refused = start(env);
    expect(await refused.started).toBe(false);
    expect(await refused.exited).toBe(1);
    const line = refused.output().trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(BEHIND);
    expect(BEHIND.exec(line)?.[1]).toBe(String(MIGRATIONS));

    const first = await migrate(env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain(`Applied ${MIGRATIONS} migrations; the database is up to date.`);
    const again = await migrate(env);
    expect(again).toMatchObject({ code: 0 });
    expect(again.output).toContain('The database is up to date; no migration to apply.');

    const server = start(env);
    expect(await server.started).toBe(true);
    expect(server.output()).toContain('Created the super admin');
    await server.stop();
  });

  it('a database one migration behind is refused, naming one migration', async () => {
    const env = await emptyDatabase();
    expect((await migrate(env)).code).toBe(0);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await client.end();
    const refused = start(env);
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toMatch(BEHIND);
    expect(BEHIND.exec(refused.output().trim())?.[1]).toBe('1');
  });

  it('MIGRATE_ON_START=true migrates an empty database and starts', async () => {
    const env = await emptyDatabase();
    const server = start({ ...env, MIGRATE_ON_START: 'true' });
    expect(await server.started).toBe(true);
    await server.stop();
    const again = await migrate(env);
    expect(again.output).toContain('no migration to apply');
  });
});

describe.skipIf(usingPostgres())('on the embedded database', () => {
  function dataDir() {
    const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-migrate-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir, DATABASE_URL: '', ADMIN_PASSWORD: 'Boss-Passw0rd!' };
  }

  it('MIGRATE_ON_START=false refuses a data directory behind this version; db:migrate then lets it start', async () => {
    const env = dataDir();
    // A database with no migration applied. (A first start of the build copies one with
    // all of them applied: first-start.test.ts. The sources have no such copy beside them.)
    const behind = await openDatabase({ databaseUrl: undefined, dataDir: env.DATA_DIR });
    expect(await behind.pendingMigrations()).toBe(MIGRATIONS);
    await behind.close();
    const refused = start({ ...env, MIGRATE_ON_START: 'false' });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toMatch(BEHIND);

    const migrated = await migrate(env);
    expect(migrated.output).toContain(`Applied ${MIGRATIONS} migrations`);
    const server = start({ ...env, MIGRATE_ON_START: 'false' });
    expect(await server.started).toBe(true);

    // While the server holds the embedded database, db:migrate says so and leaves it.
    const beside = await migrate(env);
    expect(beside.code).toBe(1);
    expect(beside.output).toContain('is in use by process');
    await server.stop();
  });
});
