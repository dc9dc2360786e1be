/**
 * The API in a process of its own, for a bench that drives it from another (the phone and
 * the server are different machines): as tests/support/test-server starts it (in-memory
 * PGlite, a throw-away DATA_DIR for the mails the fixtures read, the M-Pesa simulator,
 * the tests' administrator), quiet logs. Started by ./server-process.ts over IPC: it
 * reports { ready, url, api, dataDir } once it listens, answers { query } with the rows of
 * that SQL (to count what arrived), { cpu } with its CPU time so far, and on { close } shuts down and exits.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_CALLBACK_SECRET } from '../../tests/support/test-server';

export type ChildReady = { ready: true; url: string; api: string; dataDir: string };
export type ChildRequest =
  | { id: number; query: string }
  | { id: number; cpu: true }
  | { close: true };
export type ChildAnswer = {
  id: number;
  rows?: Record<string, unknown>[];
  /** The process's CPU time so far (user + system), in ms. */
  cpuMs?: number;
  error?: string;
};

const send = (message: unknown) => process.send?.(message);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SERVE_CLIENT: 'false',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    MPESA_SIM_DELAY_MS: '10',
    MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
    ...JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}'),
  });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureSuperAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const app = await buildApp({
    config,
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: { level: config.logLevel },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The links the server mails must point at this server.
  config.publicUrl = url;

  // The bench is gone (it failed or was stopped): no server is left behind.
  process.once('disconnect', () => process.exit(0));
  process.on('message', (message: ChildRequest) => {
    if ('close' in message) {
      void (async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        // A normal exit, so that --cpu-prof writes its profile.
        process.exit(0);
      })();
      return;
    }
    if ('cpu' in message) {
      const { user, system } = process.cpuUsage();
      // The monotonic clock in µs, as a --cpu-prof profile's timestamps: where a window
      // of the run (the drain) starts and ends in the profile.
      if (process.env.BENCH_CPU_PROF)
        process.stderr.write(`cpu-prof mark ${process.hrtime.bigint() / 1000n}\n`);
      send({ id: message.id, cpuMs: (user + system) / 1000 } satisfies ChildAnswer);
      return;
    }
    database.db
      .execute(sql.raw(message.query))
      .then((result) => {
        // node-postgres and PGlite both answer { rows }.
        const { rows } = result as unknown as { rows: Record<string, unknown>[] };
        send({ id: message.id, rows } satisfies ChildAnswer);
      })
      .catch((error: unknown) =>
        send({ id: message.id, error: String(error) } satisfies ChildAnswer),
      );
  });
  send({ ready: true, url, api: `${url}${config.apiPrefix}`, dataDir } satisfies ChildReady);
}

await main();
