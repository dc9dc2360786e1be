/**
 * Migrations apart from start (the README's "Running against PostgreSQL"). On PostgreSQL
 * `npm run db:migrate` applies them once, before the new version's instances start; a server (or a
 * command) refuses a database that is behind, unless MIGRATE_ON_START=true. The embedded database
 * migrates at start by default, so `npm start` stays one command.
 */
import type { Database } from './client';

/** The database lacks migrations of this version, and nobody asked to apply them here. */
export class DatabaseBehindError extends Error {
  constructor(readonly pending: number) {
    super(
      `The database is ${pending} migration${pending === 1 ? '' : 's'} behind this version of Mkopo: ` +
        'run `npm run db:migrate` first (or set MIGRATE_ON_START=true).',
    );
    this.name = 'DatabaseBehindError';
  }
}

/** Migrates when told to; otherwise checks that nothing is pending. */
export async function prepareDatabase(
  database: Database,
  options: { migrateOnStart: boolean },
): Promise<void> {
  if (options.migrateOnStart) return database.migrate();
  const pending = await database.pendingMigrations();
  if (pending > 0) throw new DatabaseBehindError(pending);
}
