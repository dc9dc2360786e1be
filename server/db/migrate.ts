/**
 * `npm run db:migrate`: applies this version's pending migrations to the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), once: on PostgreSQL under
 * the same advisory lock the servers use, so running it twice at once is harmless.
 * Run it before starting (or while still running) the previous version's instances.
 */
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  process.stderr.write(
    `${error.message}\nThe embedded database is migrated by the server itself when it starts.\n`,
  );
  process.exit(1);
});
try {
  const pending = await database.pendingMigrations();
  await database.migrate();
  process.stdout.write(
    pending === 0
      ? 'The database is up to date; no migration to apply.\n'
      : `Applied ${pending} migration${pending === 1 ? '' : 's'}; the database is up to date.\n`,
  );
} finally {
  await database.close();
}
