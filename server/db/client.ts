/**
 * Opens the database: PGlite (embedded PostgreSQL) in the data directory by default, an
 * in-memory PGlite for "memory://", or a PostgreSQL server for a postgres:// URL. Both
 * run the same migrations and are used through the same Drizzle type.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_CACHE_MB } from '../config';
import { PgliteStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs one SQL text and answers its rows (backups read counts and file keys with it). */
export type ReadQuery = (text: string) => Promise<Record<string, unknown>[]>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations (on PostgreSQL under an advisory lock). */
  migrate: () => Promise<void>;
  /** How many of this version's migrations the database has not applied yet. */
  pendingMigrations: () => Promise<number>;
  /** True when a trivial query answers. */
  ping: () => Promise<boolean>;
  /**
   * Writes a dump of the whole database to `file` (PGlite: its data directory as a
   * gzipped tar; PostgreSQL: pg_dump's custom format) and runs `read` on the very state
   * the dump holds, so what a backup records beside the dump agrees with it.
   */
  dumpTo: <T>(file: string, read: (query: ReadQuery) => Promise<T>) => Promise<T>;
  /** The PostgreSQL pool's connections (metrics); none for the embedded database. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * An embedded database with every migration applied, made by the build beside the
 * compiled server (build/server.ts; there is none beside the sources). A first start on an
 * empty DATA_DIR copies it instead of creating a database and running every migration in
 * WebAssembly: about 5 s to ready instead of 11 s on a 2-core machine.
 */
export const FIRST_START_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-template.tar.gz',
);

/** Writes a gzipped dump of a new in-memory embedded database with every migration applied. */
export async function writeMigratedTemplate(file: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  try {
    await database.migrate();
    await database.dumpTo(file, async () => null);
  } finally {
    await database.close();
  }
}

// Any constant works; it keeps two instances from migrating the same database at once.
const MIGRATION_LOCK_KEY = 7_315_002;

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * An in-memory database's first files: a dump of another (Database.dumpTo). The tests
   * start each server from one migrated database instead of creating and migrating anew.
   */
  startFrom?: Blob;
  /** PGlite's page cache in MB (Config.pgliteCacheMb); PGLITE_CACHE_MB's default when left out. */
  pgliteCacheMb?: number;
}): Promise<Database> {
  if (options.databaseUrl && options.databaseUrl !== 'memory://') {
    return openPostgres(options.databaseUrl);
  }
  return openPglite(
    options.databaseUrl === 'memory://' ? undefined : options.dataDir,
    pgliteSettings(options.pgliteCacheMb ?? PGLITE_CACHE_MB),
    options.startFrom,
  );
}

/** What every PGlite opens with: PGlite's own start parameters, with the page cache's size. */
function pgliteSettings(cacheMb: number): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheMb}MB`] };
}

/** Refused: another live process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running Mkopo server?). ` +
        'Stop it first, or ask the running server to do the work over its API.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFileOf = (pgliteDir: string) => path.join(pgliteDir, 'mkopo.lock');

/** The live process that has the embedded database in `dataDir` open, if any. */
export function embeddedDatabaseOwner(dataDir: string): number | undefined {
  let owner: number;
  try {
    owner = Number(readFileSync(lockFileOf(path.join(dataDir, 'pglite')), 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(owner) && owner > 0 && processIsAlive(owner) ? owner : undefined;
}

/**
 * PGlite is one process's database: a second process opening the same folder would keep
 * its own copy in memory and the two would overwrite each other's writes. A lock file
 * with the owner's pid keeps a second opener out; a dead owner's lock is taken over.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = lockFileOf(dir);
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && processIsAlive(owner)) {
        throw new DatabaseInUseError(dir, owner);
      }
      rmSync(lockFile, { force: true });
    }
  }
}

/** Present while a first start copies the template into the folder (openPgliteIn). */
const UNPACKING = 'mkopo-first-start';

/**
 * PGlite in the folder `dir`. On a first start (no PG_VERSION there) it starts from the
 * build's migrated database (FIRST_START_TEMPLATE) instead of creating one. A marker file
 * stands in the folder until the copy is whole: a process killed half-way leaves a folder
 * the next start empties and fills again, never a database with pieces missing. A template
 * that does not open (a PGlite upgraded without a new build) is dropped, and the database
 * is created and migrated as without one.
 */
async function openPgliteIn(dir: string, settings: PGliteOptions): Promise<PGlite> {
  const marker = path.join(dir, UNPACKING);
  const unfinished = existsSync(marker);
  if (
    (existsSync(path.join(dir, 'PG_VERSION')) && !unfinished) ||
    !existsSync(FIRST_START_TEMPLATE)
  ) {
    const client = new PGlite(dir, settings);
    await client.waitReady;
    return client;
  }
  const empty = async () => {
    for (const name of await readdir(dir)) {
      if (name !== path.basename(lockFileOf(dir))) {
        await rm(path.join(dir, name), { recursive: true, force: true });
      }
    }
  };
  if (unfinished) await empty();
  await writeFile(marker, '');
  let client = new PGlite(dir, {
    ...settings,
    loadDataDir: new Blob([await readFile(FIRST_START_TEMPLATE)]),
  });
  try {
    await client.waitReady;
  } catch {
    await client.close().catch(() => {});
    await empty();
    client = new PGlite(dir, settings);
    await client.waitReady;
  }
  await rm(marker, { force: true });
  return client;
}

/**
 * drizzle's PGlite session passes its own type parsers with every statement (dates,
 * timestamps and intervals kept as text, and their arrays), and PGlite copies its whole
 * table of parsers for each statement that brings some: about a tenth of the server's CPU
 * in a sync drain. They are given to the instance once instead, and drizzle's statements
 * run through `PgliteStatements` (./pglite-statements.ts), which leaves them out of each
 * statement's options (tests/server/pglite-parsers.test.ts holds the two lists together).
 */
export const PGLITE_TYPES_KEPT_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  1231,
  1115,
  1185,
  1187,
  1182,
];
const keptAsText = Object.fromEntries(
  PGLITE_TYPES_KEPT_AS_TEXT.map((type) => [type, (value: string) => value]),
);

async function openPglite(
  dataDir: string | undefined,
  settings: PGliteOptions,
  startFrom?: Blob,
): Promise<Database> {
  let client: PGlite;
  let unlock = () => undefined as void;
  try {
    if (dataDir) {
      const dir = path.join(dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      unlock = lockDataDir(dir);
      client = await openPgliteIn(dir, settings);
    } else {
      client = new PGlite(startFrom ? { ...settings, loadDataDir: startFrom } : settings);
      await client.waitReady;
    }
  } catch (error) {
    unlock();
    throw error;
  }
  // After start: PGlite sets its array types' parsers once it is ready.
  Object.assign(client.parsers, keptAsText);
  const drizzleClient = new PgliteStatements(client).client() as PGlite;
  const db = drizzlePglite({ client: drizzleClient, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite({ client: drizzleClient, schema }), { migrationsFolder }),
    pendingMigrations: () => pendingMigrations(db),
    ping: () => ping(db),
    dumpTo: async (file, read) => {
      // Flushed pages make a shorter replay on restore. Holding the transaction lock keeps
      // every other transaction out while the rows are read and the files copied.
      await client.exec('CHECKPOINT');
      return client.transaction(async (tx) => {
        const answer = await read(
          async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
        );
        const tar = await client.dumpDataDir('gzip');
        await writeFile(file, Buffer.from(await tar.arrayBuffer()));
        return answer;
      });
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * How long a query waits for a connection: to open one (a database that is down refuses
 * at once, one behind a failover may not answer at all) or for a free one in the pool. The
 * request then fails with a 503 the client retries, instead of hanging (server/app.ts).
 */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Idle connections to a server that vanished (a failover) are found and dropped.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A client whose server ends its session (a restart: 57P01) emits 'error'; unheard, that
  // event ends the process. The pool hears it only while the client is idle, so each client
  // also gets a listener of its own for its whole life: one checked out for a transaction,
  // a job's lock, the migration lock or a dump is covered between its queries too. The
  // failure reaches the client's next query, and a broken client is never pooled again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    pendingMigrations: () => pendingMigrations(db),
    ping: () => ping(db),
    dumpTo: async (file, read) => {
      // pg_dump reads the snapshot this transaction exported, so the dump and `read` see
      // one state while other instances go on writing.
      const client = await pool.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
        const answer = await read(async (text) => (await client.query(text)).rows);
        await runTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`],
          connectionString,
        );
        return answer;
      } finally {
        await client.query('rollback').catch(() => {});
        client.release();
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrator applies each migration newer than the newest it recorded in
 * drizzle.__drizzle_migrations; those are the pending ones. A database with none recorded
 * (empty) has them all pending; one ahead of this version (a newer instance migrated it)
 * has none.
 */
async function pendingMigrations(db: Db): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return files.length;
  const [row] = await rows<{ newest: string | null }>(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const newest = row?.newest ? Number(row.newest) : -1;
  return files.filter((file) => file.folderMillis > newest).length;
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); its stderr is the error. */
export function runTool(command: string, args: string[], databaseUrl: string): Promise<void> {
  // The password goes in the environment, where other users cannot read it (ps can).
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${url.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim()}`)),
    );
  });
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
