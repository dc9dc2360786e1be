/**
 * `npm run backup [-- <folder>]`: a consistent backup of the database and every uploaded
 * document (server/db/backup.ts), by default into DATA_DIR/backups/<time>. Run it with
 * the server's settings (DATA_DIR, DATABASE_URL, S3_*).
 *
 * - PostgreSQL: pg_dump from a snapshot, while every instance goes on serving.
 * - The embedded database: a running server takes the backup itself (it alone may open
 *   the database); with no server running, this script opens the database.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { BACKUP_REQUEST, MANIFEST, writeBackup, type BackupManifest } from '../db/backup';
import { embeddedDatabaseOwner, openDatabase } from '../db/client';
import { createStorage } from '../storage/create-storage';

const WAIT_MS = 30 * 60_000;

function fail(message: string): never {
  process.stderr.write(`Backup failed: ${message}\n`);
  process.exit(1);
}

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', stamp));
if (existsSync(folder)) fail(`${folder} already exists: choose a new folder.`);

async function askRunningServer(pid: number): Promise<BackupManifest> {
  await writeFile(path.join(config.dataDir, BACKUP_REQUEST), JSON.stringify({ folder }));
  process.kill(pid, 'SIGUSR2');
  const failed = `${folder}.failed`;
  for (const started = Date.now(); Date.now() - started < WAIT_MS; ) {
    if (existsSync(path.join(folder, MANIFEST))) {
      return JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
    }
    if (existsSync(failed)) {
      const reason = (await readFile(failed, 'utf8')).trim();
      await rm(failed, { force: true });
      fail(`the server (process ${pid}) said: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`the server (process ${pid}) did not write the backup; see its log.`);
}

async function backUpHere(): Promise<BackupManifest> {
  const database = await openDatabase(config);
  try {
    const storage = createStorage(config, { secret: 'backup', baseUrl: () => '' });
    return await writeBackup({ database, storage, folder, dataDir: config.dataDir });
  } finally {
    await database.close();
  }
}

try {
  const owner = config.databaseUrl ? undefined : embeddedDatabaseOwner(config.dataDir);
  const manifest = owner ? await askRunningServer(owner) : await backUpHere();
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `Backup written to ${folder}${owner ? ` by the running server (process ${owner})` : ''}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files.\n`,
  );
  if (manifest.missingFiles.length > 0) {
    process.stdout.write(
      `  ${manifest.missingFiles.length} documents had no file in the store: ${manifest.missingFiles.join(', ')}\n`,
    );
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
