/**
 * `npm run bench:reports`: p50/p95 latency of the first page of each of the eleven admin
 * reports (GET /api/report/…?page=1&limit=10, over HTTP, as an admin) on a data set made by
 * `npm run seed:scale`, on PGlite and on PostgreSQL. Prints figures; asserts nothing.
 *
 *   npm run bench:reports -- --lenders 200 --borrowers 20000 --loans 100000 [--rounds 40]
 *     [--only pglite|postgres]
 *
 * PGlite gets a fresh DATA_DIR under the system's temp folder; PostgreSQL is
 * BENCH_DATABASE_URL (an empty database) when set, else a throw-away server started from
 * Debian's package with tests/support/start-postgres.sh and stopped afterwards. Seeding runs
 * the seed:scale script in a child process, so its own timing is printed too.
 */
import { signInAsAdmin } from '../server/scripts/admin-sign-in';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin } from '../server/bootstrap';
import { reportPaths } from '../server/modules/reports/routes';
import { projectRoot } from '../server/paths';
import { startBenchApi } from './support/api';
import { postgresDatabase } from './support/postgres';

const ADMIN_EMAIL = 'bench-admin@mkopo.test';
const ADMIN_PASSWORD = 'Bench-Passw0rd!';

const { values } = parseArgs({
  options: {
    lenders: { type: 'string', default: '200' },
    borrowers: { type: 'string', default: '20000' },
    loans: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '40' },
    only: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const scale = [
  '--lenders',
  values.lenders,
  '--borrowers',
  values.borrowers,
  '--loans',
  values.loans,
];

type Figures = { seedSeconds: number; latency: Map<string, { p50: number; p95: number }> };

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

/** Nearest-rank percentile of the samples, in ms. */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs seed:scale against the environment's database; answers its wall time in seconds. */
async function seed(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/scripts/seed-scale.ts'), ...scale],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout.on('data', (chunk: Buffer) =>
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '    ')),
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed:scale exited with ${code}`);
  return (performance.now() - started) / 1000;
}

/** Starts the API on the seeded database and times each report's first page. */
async function measure(env: Record<string, string>): Promise<Figures['latency']> {
  const api = await startBenchApi({ ADMIN_EMAIL, ADMIN_PASSWORD, ...env }, (database) =>
    ensureSuperAdmin(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  );
  const { base } = api;
  try {
    const token = await signInAsAdmin(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const latency: Figures['latency'] = new Map();
    for (const report of reportPaths) {
      const samples: number[] = [];
      // Three warm-up requests, as a dashboard that stays open would have made.
      for (let round = -3; round < rounds; round += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/report/${report}?page=1&limit=10`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { data?: unknown[]; total?: number };
        if (response.status !== 200 || !Array.isArray(body.data))
          throw new Error(`${report}: ${response.status} ${JSON.stringify(body)}`);
        if (round >= 0) samples.push(performance.now() - started);
      }
      latency.set(report, { p50: percentile(samples, 50), p95: percentile(samples, 95) });
      say(
        `    ${report.padEnd(22)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms`,
      );
    }
    return latency;
  } finally {
    await api.close();
  }
}

async function onPglite(): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-reports-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    say(`PGlite (DATA_DIR ${dataDir})`);
    const seedSeconds = await seed(env);
    return { seedSeconds, latency: await measure(env) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures | null> {
  const database = await postgresDatabase();
  if (!database) {
    say(
      'PostgreSQL: not installed (apt-get install -y postgresql) and no BENCH_DATABASE_URL; skipped',
    );
    return null;
  }
  // The API keeps its secrets in DATA_DIR even when the database is PostgreSQL.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-'));
  try {
    say(`PostgreSQL (${database.url.replace(/\/\/[^@]*@/, '//')})`);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const seedSeconds = await seed(env);
    return { seedSeconds, latency: await measure(env) };
  } finally {
    database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  say(
    `Admin reports, first page (limit 10), ${rounds} requests each after 3 warm-ups, at ${values.lenders} lenders / ${values.borrowers} borrowers / ${values.loans} loans`,
  );
  const pglite = values.only === 'postgres' ? null : await onPglite();
  const postgres = values.only === 'pglite' ? null : await onPostgres();
  const cell = (figures: Figures | null, report: string) => {
    const f = figures?.latency.get(report);
    return f
      ? `${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)}`
      : '       –        –';
  };
  say('');
  say(`${'report'.padEnd(22)}  PGlite p50/p95 (ms)  PostgreSQL p50/p95 (ms)`);
  for (const report of reportPaths) {
    say(`${report.padEnd(22)}  ${cell(pglite, report)}     ${cell(postgres, report)}`);
  }
  const seconds = (figures: Figures | null) =>
    figures ? `${figures.seedSeconds.toFixed(1)} s` : '–';
  say(
    `${'seeding (seed:scale)'.padEnd(22)}  ${seconds(pglite).padStart(17)}     ${seconds(postgres).padStart(17)}`,
  );
}

await main();
