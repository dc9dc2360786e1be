/**
 * The API as the benches drive it: started on a seeded database (the environment's, over
 * seed:scale's data) on a free port of 127.0.0.1, migrated, jobs off, quiet logs.
 * `prepare` runs on the database before it listens (an administrator to sign in as).
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';

export type BenchApi = { base: string; database: Database; close: () => Promise<void> };

export async function startBenchApi(
  env: Record<string, string>,
  prepare: (database: Database) => Promise<unknown> = async () => undefined,
): Promise<BenchApi> {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    ...env,
  });
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: { level: 'warn' },
  });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    await database.migrate();
    await prepare(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}${config.apiPrefix}`, database, close };
}
