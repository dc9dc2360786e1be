/** Starts Mkopo: reads config, checks the PWA is built, opens and migrates the database, listens. */
import { buildApp } from './app';
import { ensureSuperAdmin } from './bootstrap';
import { missingClientBuild } from './client-build';
import { ConfigError, loadConfig, type Config } from './config';
import { answerBackupRequests } from './db/backup';
import { DatabaseInUseError, openDatabase } from './db/client';
import { DatabaseBehindError, prepareDatabase } from './db/prepare';
import { scheduleFines } from './jobs/fines';
import { resolveJwtSecret } from './secrets';
import { localOrigin, recordServerAddress } from './server-address';
import { createStorage } from './storage/create-storage';

/** After SIGTERM: requests in flight get this long to finish, the whole stop a little more. */
const REQUESTS_WITHIN_MS = 7_000;
const STOP_WITHIN_MS = 9_500;

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

/**
 * Logs read as lines on a terminal (pino-pretty) and stay JSON everywhere else (a log
 * collector, a file, a pipe), where one object per line is what tools expect.
 */
function terminalLogger(level: string) {
  if (!process.stdout.isTTY) return undefined;
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const unbuilt = config.serveClient ? missingClientBuild() : undefined;
  if (unbuilt) {
    process.stderr.write(`${unbuilt}\n`);
    process.exit(1);
  }

  const database = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  });
  await prepareDatabase(database, config).catch(async (error: unknown) => {
    if (!(error instanceof DatabaseBehindError)) throw error;
    process.stderr.write(`${error.message}\n`);
    await database.close();
    process.exit(1);
  });
  const admin = await ensureSuperAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });

  const app = await buildApp({
    config,
    database,
    logger: terminalLogger(config.logLevel),
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  });

  const stopJobs = config.jobsEnabled
    ? scheduleFines(database, {
        defaultAfterDays: config.defaultAfterDays,
        log: (error) => app.log.error({ err: error }, 'fines job failed'),
      })
    : async () => undefined;

  // `npm run backup` asks this process: the embedded database is open here only.
  const stopBackups =
    database.kind === 'pglite'
      ? answerBackupRequests({
          database,
          storage: createStorage(config, { secret: 'backup', baseUrl: () => '' }),
          dataDir: config.dataDir,
          log: {
            info: (message) => app.log.info(message),
            error: (error, message) => app.log.error({ err: error }, message),
          },
        })
      : () => undefined;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    // However the parts below behave, the process is gone within STOP_WITHIN_MS, before a
    // service manager's patience ends (systemd and Kubernetes wait 90 s and 30 s).
    setTimeout(() => {
      process.stderr.write(`Mkopo did not stop within ${STOP_WITHIN_MS / 1000} s; exiting.\n`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    // A request still running (a slow upload that never ends) is cut, leaving time to
    // close the rest.
    setTimeout(() => app.server.closeAllConnections(), REQUESTS_WITHIN_MS).unref();
    stopBackups();
    // The listener stops accepting at once; the requests in flight are answered; the
    // simulator, the SMS job and the M-Pesa sweeps stop with the app (its onClose hooks),
    // the fines job here. Then the database, which none of them needs any more.
    await Promise.all([app.close(), stopJobs()]);
    await database.close();
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    void shutdown(signal).catch((error: unknown) => {
      process.stderr.write(
        `Mkopo did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  try {
    recordServerAddress(config.dataDir, localOrigin(config.host, port));
  } catch (error) {
    app.log.warn({ err: error }, 'the server address could not be written into DATA_DIR');
  }

  say('');
  say(
    `Mkopo is running at ${origin}  (API: ${origin}${config.apiPrefix}, docs: ${origin}${config.apiPrefix}/docs)`,
  );
  say(
    `Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (admin.created) {
    say(`Created the super admin ${admin.email}; sign in at ${origin}/login/admin`);
    if (admin.generatedPassword) {
      say(`  Its password (shown only this once): ${admin.generatedPassword}`);
    }
  }
  say('');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Mkopo could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
