/**
 * Backups (docs/operations.md "Backups"): the database and every uploaded document, in
 * one folder with a manifest, and back into an empty DATA_DIR or database.
 *
 * A backup folder holds:
 * - `database.tar.gz` (PGlite's data directory) or `database.pgdump` (pg_dump -Fc);
 * - `files/<storage key>` for every document the database names;
 * - `secrets/`: the secrets the server generated into DATA_DIR (sign-in tokens and the
 *   M-Pesa and SMS callback URLs stay valid after a restore), so keep backups as safe as
 *   the database itself;
 * - `manifest.json`: the row count of every table and each file's size and SHA-256,
 *   read from the same state as the dump, which a restore checks.
 *
 * It is written to `<folder>.partial` and renamed when complete, so a folder under its
 * final name is always a whole backup.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { GENERATED_SECRETS } from '../secrets';
import type { FileStorage } from '../storage/storage';
import { runTool, type Database, type ReadQuery } from './client';

export const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';

export type BackupFile = { key: string; contentType: string; size: number; sha256: string };

export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: { kind: Database['kind']; file: string };
  /** Rows of every table ("schema.table") in the dump. */
  tables: Record<string, number>;
  files: BackupFile[];
  /** The generated secrets copied from DATA_DIR. */
  secrets: string[];
  /** Documents whose file the store no longer had (removed after the dump's state). */
  missingFiles: string[];
};

const TABLES_SQL = `select table_schema || '.' || table_name as name
  from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
  order by 1`;

async function tableCounts(query: ReadQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of (await query(TABLES_SQL)) as { name: string }[]) {
    const [schema, table] = name.split('.') as [string, string];
    const [row] = await query(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** A storage key as a path under `dir`, refusing anything that would leave it. */
function fileIn(dir: string, key: string): string {
  const file = path.resolve(dir, key);
  if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`unsafe file key ${key}`);
  return file;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function writeBackup(options: {
  database: Database;
  storage: FileStorage;
  /** The folder to create; it must not exist yet. */
  folder: string;
  /** Where the generated secrets are (DATA_DIR). */
  dataDir: string;
  now?: () => Date;
}): Promise<BackupManifest> {
  const { database, storage, folder } = options;
  if (existsSync(folder)) throw new Error(`${folder} already exists: choose a new folder.`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'files'), { recursive: true });
  try {
    const dumpFile = database.kind === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
    const { tables, documents } = await database.dumpTo(
      path.join(partial, dumpFile),
      async (query) => ({
        tables: await tableCounts(query),
        documents: (await query(
          'select storage_key, content_type from documents order by storage_key',
        )) as { storage_key: string; content_type: string }[],
      }),
    );
    const files: BackupFile[] = [];
    const missingFiles: string[] = [];
    for (const document of documents) {
      const bytes = await storage.get(document.storage_key);
      if (!bytes) {
        missingFiles.push(document.storage_key);
        continue;
      }
      const file = fileIn(path.join(partial, 'files'), document.storage_key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      files.push({
        key: document.storage_key,
        contentType: document.content_type,
        size: bytes.length,
        sha256: sha256(bytes),
      });
    }
    const secrets: string[] = [];
    await mkdir(path.join(partial, 'secrets'), { recursive: true, mode: 0o700 });
    for (const name of GENERATED_SECRETS) {
      const source = path.join(options.dataDir, name);
      if (!existsSync(source)) continue;
      await copyFile(source, path.join(partial, 'secrets', name));
      await chmod(path.join(partial, 'secrets', name), 0o600);
      secrets.push(name);
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: { kind: database.kind, file: dumpFile },
      tables,
      files,
      secrets,
      missingFiles,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, folder);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${folder} is not a Mkopo backup (no readable ${MANIFEST}).`);
  }
  if (manifest.format !== 1)
    throw new Error(`${folder} has a backup format this version cannot read.`);
  return manifest;
}

/**
 * Puts the dump back into an empty target: DATA_DIR's embedded database (a PGlite
 * backup) or the PostgreSQL database at `databaseUrl` (a PostgreSQL backup). Refuses a
 * target that already holds data.
 */
export async function restoreDatabase(
  folder: string,
  manifest: BackupManifest,
  target: { dataDir: string; databaseUrl?: string },
): Promise<void> {
  const dump = path.join(folder, manifest.database.file);
  const toPostgres = Boolean(target.databaseUrl && target.databaseUrl !== 'memory://');
  if ((manifest.database.kind === 'postgres') !== toPostgres) {
    throw new Error(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
        : 'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.',
    );
  }
  if (!toPostgres) {
    const dir = path.join(target.dataDir, 'pglite');
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new Error(`${dir} already holds a database: restore into an empty DATA_DIR.`);
    }
    await mkdir(dir, { recursive: true });
    const client = new PGlite(dir, { loadDataDir: new Blob([await readFile(dump)]) });
    await client.waitReady;
    await client.close();
    // The copy carries the backed-up server's lock file; this folder has no owner yet.
    await rm(path.join(dir, 'mkopo.lock'), { force: true });
    return;
  }
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', dump],
    target.databaseUrl!,
  );
}

/**
 * Checks the restored database against the manifest, row counts table by table, then
 * puts the files back into the store, each checked against its SHA-256 first.
 */
export async function restoreFiles(
  folder: string,
  manifest: BackupManifest,
  database: Database,
  storage: FileStorage,
): Promise<void> {
  const restored = await tableCounts(async (text) => {
    const result = (await database.db.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
    };
    return result.rows;
  });
  const differences = Object.keys({ ...manifest.tables, ...restored }).filter(
    (table) => manifest.tables[table] !== restored[table],
  );
  if (differences.length > 0) {
    throw new Error(`The restored database differs from the backup in: ${differences.join(', ')}.`);
  }
  for (const file of manifest.files) {
    const bytes = await readFile(fileIn(path.join(folder, 'files'), file.key));
    if (sha256(bytes) !== file.sha256)
      throw new Error(`The backup's copy of ${file.key} is damaged.`);
    if (await storage.get(file.key)) continue;
    await storage.put(file.key, bytes, file.contentType);
  }
}

/** Puts the generated secrets back into DATA_DIR where it has none of its own. */
export async function restoreSecrets(folder: string, manifest: BackupManifest, dataDir: string) {
  await mkdir(dataDir, { recursive: true });
  for (const name of manifest.secrets) {
    const target = path.join(dataDir, name);
    if (existsSync(target)) continue;
    await copyFile(path.join(folder, 'secrets', name), target);
    await chmod(target, 0o600);
  }
}

/**
 * The embedded database belongs to the running server's process, so `npm run backup`
 * asks that process to take the backup: it writes the folder's name into
 * DATA_DIR/backup-request.json and sends SIGUSR2. The server writes the backup, or the
 * reason it could not into `<folder>.failed`.
 */
export const BACKUP_REQUEST = 'backup-request.json';

export function answerBackupRequests(options: {
  database: Database;
  storage: FileStorage;
  dataDir: string;
  log: { info: (message: string) => void; error: (error: unknown, message: string) => void };
}): () => void {
  const onSignal = () => {
    void (async () => {
      let folder: string;
      try {
        const request = await readFile(path.join(options.dataDir, BACKUP_REQUEST), 'utf8');
        folder = (JSON.parse(request) as { folder: string }).folder;
        await rm(path.join(options.dataDir, BACKUP_REQUEST), { force: true });
      } catch (error) {
        options.log.error(error, 'backup requested without a readable request');
        return;
      }
      try {
        await writeBackup({
          database: options.database,
          storage: options.storage,
          dataDir: options.dataDir,
          folder,
        });
        options.log.info(`backup written to ${folder}`);
      } catch (error) {
        options.log.error(error, 'backup failed');
        const reason = error instanceof Error ? error.message : String(error);
        await writeFile(`${folder}.failed`, `${reason}\n`).catch(() => {});
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
