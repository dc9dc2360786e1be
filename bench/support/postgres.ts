/**
 * The PostgreSQL database a bench seeds and measures: BENCH_DATABASE_URL (an empty
 * database) when set, else a throw-away server from Debian's package
 * (tests/support/start-postgres.sh) with an empty `mkopo_bench` database, stopped by
 * `stop`. Answers null when neither is there.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../server/paths';

export async function postgresDatabase(): Promise<{ url: string; stop: () => void } | null> {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-pg-'));
  const port = String(56000 + Math.floor(Math.random() * 1000));
  const support = path.join(projectRoot, 'tests/support');
  let output: string;
  try {
    output = execFileSync('bash', [path.join(support, 'start-postgres.sh'), dir, port], {
      encoding: 'utf8',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const serverUrl = /TEST_DATABASE_URL=(\S+)/.exec(output)![1]!;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('create database mkopo_bench');
  await admin.end();
  return {
    url: serverUrl.replace(/\/postgres$/, '/mkopo_bench'),
    stop: () => {
      execFileSync('bash', [path.join(support, 'stop-postgres.sh'), dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
