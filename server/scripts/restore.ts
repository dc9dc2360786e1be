/**
 * `npm run restore -- <backup folder>`: brings a backup (npm run backup) back into an
 * empty DATA_DIR (an embedded-database backup) or the empty PostgreSQL database at
 * DATABASE_URL (a PostgreSQL backup), then the documents into the file store (DATA_DIR
 * or S3_*), and checks every table's rows and every file's SHA-256 against the backup.
 * No server may be running on the target while it restores.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { readManifest, restoreDatabase, restoreFiles, restoreSecrets } from '../db/backup';
import { embeddedDatabaseOwner, openDatabase } from '../db/client';
import { startNewSyncGeneration } from '../modules/working-set/service';
import { createStorage } from '../storage/create-storage';

function fail(message: string): never {
  process.stderr.write(`Restore failed: ${message}\n`);
  process.exit(1);
}

const from = process.argv[2];
if (!from) fail('name the backup folder: npm run restore -- <folder>');
const folder = path.resolve(from);
const config = loadConfig();

try {
  const manifest = await readManifest(folder);
  if (!config.databaseUrl) {
    const owner = embeddedDatabaseOwner(config.dataDir);
    if (owner) fail(`a server (process ${owner}) is using ${config.dataDir}: stop it first.`);
  }
  await restoreDatabase(folder, manifest, config);
  await restoreSecrets(folder, manifest, config.dataDir);
  const database = await openDatabase(config);
  try {
    // Phones synced after this backup hold counters it never reached.
    await startNewSyncGeneration(database.db);
    const storage = createStorage(config, { secret: 'restore', baseUrl: () => '' });
    await restoreFiles(folder, manifest, database, storage);
  } finally {
    await database.close();
  }
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `Restored ${folder} (taken ${manifest.createdAt}): ${rows} rows and ${manifest.files.length} files, all checked.\n`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
