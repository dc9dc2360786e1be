/**
 * A PostgreSQL server of the test's own, which it may stop and start again as an operator's
 * restart or a failover would: created by tests/support/start-postgres.sh (Debian's
 * binaries) on its own port and data folder, stopped with `pg_ctl stop -m fast` (every
 * session is terminated, 57P01) and started with `pg_ctl start`. Not the server of
 * TEST_DATABASE_URL, which other tests share.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../server/paths';

const run = promisify(execFile);

/** The newest PostgreSQL's bin folder under /usr/lib/postgresql, if any is installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
}

export type OwnPostgres = {
  /** postgres://… of its `postgres` database. */
  url: string;
  /** Stops it: `pg_ctl stop -m fast`, waiting until it is down. */
  stop: () => Promise<void>;
  /** Starts it again, waiting until it accepts connections. */
  start: () => Promise<void>;
  /** Stops it if it runs and deletes its folder. */
  remove: () => Promise<void>;
};

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const parent = mkdtempSync(path.join(tmpdir(), 'mkopo-own-pg-'));
  // The postgres user (the server's, when the test runs as root) must reach its folder.
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'pg');
  const { stdout } = await run('bash', [
    path.join(projectRoot, 'tests/support/start-postgres.sh'),
    dir,
    String(port),
  ]);
  const url = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`start-postgres.sh printed no URL: ${stdout}`);
  // As root, the server runs as the postgres user (initdb refuses root).
  const pgCtl = (args: string[]) =>
    process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args])
      : run(path.join(bin, 'pg_ctl'), args);
  const data = path.join(dir, 'data');
  let running = true;
  const stop = async () => {
    await pgCtl(['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  return {
    url,
    stop,
    start: async () => {
      await pgCtl(['-D', data, '-l', path.join(dir, 'server.log'), '-w', 'start']);
      running = true;
    },
    remove: async () => {
      if (running) await stop().catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
