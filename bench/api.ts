/**
 * `npm run bench:api`: the agent's hot reads under load, on PGlite and on PostgreSQL.
 * `seed:scale` fills a fresh database (100,000 loans by default); the API starts on it,
 * signs in as the seeded agent of the busiest business, and autocannon drives each read
 * for a few seconds at saturation (10 connections), with the Accept-Encoding a phone's
 * Chromium sends, beside GET /api/health in the same run:
 * the ratio to /api/health is what holds from machine to machine. Prints throughput and
 * p50/p99 for each; asserts nothing. Targets (the README's "Performance"): 500 req/s with p99 < 50
 * ms on PostgreSQL (2 cores), 200 req/s on PGlite.
 *
 *   npm run bench:api -- [--loans 100000] [--seconds 5] [--only pglite|postgres]
 *
 * PostgreSQL is BENCH_DATABASE_URL (an empty database) when set, else a throw-away server
 * from Debian's package (tests/support/start-postgres.sh), stopped afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { answerCacheReads } from '../server/lib/metrics';
import { projectRoot } from '../server/paths';
import { SEED_PASSWORD } from '../server/scripts/seed-scale';
import { startBenchApi } from './support/api';
import { postgresDatabase } from './support/postgres';

const { values } = parseArgs({
  options: {
    loans: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
    'writes-per-second': { type: 'string', default: '10' },
  },
});
const loans = Number(values.loans);
const seconds = Number(values.seconds);
const writesPerSecond = Number(values['writes-per-second']);
// seed:scale's proportions: 2 loans per borrower, one lender per 100 loans (its businesses
// then hold about 50 borrowers each, a real agent's book).
const scale = [
  '--lenders',
  String(Math.max(1, Math.round(loans / 500))),
  '--borrowers',
  String(Math.round(loans / 2)),
  '--loans',
  String(loans),
];

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function seed(env: Record<string, string>): Promise<void> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/scripts/seed-scale.ts'), ...scale],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed:scale exited with ${code}`);
  say(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The seeded agent whose business has the most loans among those whose lender may work
 * (the writes under reads need one), and that business.
 */
async function busiestAgent(database: Database) {
  type Row = { agent_id: string; business_id: string; email: string };
  // node-postgres and PGlite both answer { rows }; drizzle types the two differently.
  const result = (await database.db.execute(
    sql`select ab.agent_id, ab.lender_business_id as business_id, u.email
        from agent_businesses ab
        join users u on u.id = ab.agent_id
        join lender_businesses lb on lb.id = ab.lender_business_id
        join users owner on owner.id = lb.lender_id
        join (select lender_business_id, count(*) as n from loans group by lender_business_id) l
          on l.lender_business_id = ab.lender_business_id
        where u.status = 'active' and lower(owner.status) = 'active'
        order by l.n desc, ab.agent_id
        limit 1`,
  )) as unknown as { rows: Row[] };
  const row = result.rows[0];
  if (!row) throw new Error('The seeded database has no active agent with loans');
  return { agentId: Number(row.agent_id), businessId: Number(row.business_id), email: row.email };
}

/** A fresh session of a seeded agent: its bearer token. */
async function signIn(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/auth/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  const answer = (await login.json()) as { token?: { accessToken?: string } };
  const token = answer.token?.accessToken;
  if (!token) throw new Error(`agent sign-in failed: ${JSON.stringify(answer)}`);
  return token;
}

type Figure = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * Share of the reads the answer cache answered, from memory or from another read's build
   * it waited for (it counts in this process).
   */
  kept: number | null;
};

async function cacheCounts() {
  const values = (await answerCacheReads.get()).values;
  const sum = (outcome: string) =>
    values.filter((v) => v.labels.outcome === outcome).reduce((n, v) => n + v.value, 0);
  return { hit: sum('hit') + sum('shared'), miss: sum('miss') };
}

/** What Chromium on an Android phone sends with every request. */
const PHONE_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function drive(
  url: string,
  token: string | null,
  name: string,
  headers: Record<string, string> = {},
): Promise<Figure> {
  const before = await cacheCounts();
  const figure = await new Promise<Omit<Figure, 'kept'>>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        duration: seconds,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'accept-encoding': PHONE_ACCEPT_ENCODING,
          ...headers,
        },
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          name,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          // A 304 is the answer asked for; anything else outside 2xx is an error.
          errors: result.errors + result['4xx'] + result['5xx'] + result['1xx'],
        });
      },
    );
  });
  const after = await cacheCounts();
  const reads = after.hit - before.hit + (after.miss - before.miss);
  return { ...figure, kept: reads ? (after.hit - before.hit) / reads : null };
}

type Writes = { done: number; refused: number; stop: () => Promise<void> };

/**
 * Another agent of the same business at work: a follow-up recorded on one of its loans
 * `perSecond` times a second, each write raising the business's answer version, so the
 * answer cache has to build the reads again.
 */
function startWrites(base: string, token: string, loanId: number, perSecond: number): Writes {
  const writes: Writes = { done: 0, refused: 0, stop: async () => undefined };
  let inFlight = new Set<Promise<void>>();
  const one = async () => {
    const answer = await fetch(`${base}/follow-up`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ loanId, comment: 'Visited the shop; promised to pay on Friday.' }),
    });
    if (answer.status === 201) {
      writes.done += 1;
      await answer.arrayBuffer();
    } else if (writes.refused++ === 0)
      say(`  a write refused: ${answer.status} ${await answer.text()}`);
  };
  const timer = setInterval(() => {
    const write = one().catch(() => {
      writes.refused += 1;
    });
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
  }, 1000 / perSecond);
  writes.stop = async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
    inFlight = new Set();
  };
  return writes;
}

function printFigures(figures: Figure[], health: Figure, target: number | null) {
  say(
    `  ${'read'.padEnd(22)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  vs health  kept  target`,
  );
  for (const f of figures) {
    const ratio = f === health ? '' : `${((f.rps / health.rps) * 100).toFixed(0)}%`;
    const meets =
      f === health || target === null ? '' : f.rps >= target ? 'met' : `below ${target}`;
    say(
      `  ${f.name.padEnd(22)} ${f.rps.toFixed(0).padStart(7)} ${`${f.p50}`.padStart(4)}ms ${`${f.p99}`.padStart(4)}ms  ${ratio.padStart(8)}  ${f.kept === null ? '    ' : `${(f.kept * 100).toFixed(0)}%`.padStart(4)}  ${meets}${f.errors ? `  (${f.errors} errors)` : ''}`,
    );
  }
}

async function measure(env: Record<string, string>, target: number) {
  const api = await startBenchApi(env);
  const { base, database } = api;
  try {
    const agent = await busiestAgent(database);
    const token = await signIn(base, agent.email);
    const borrowers = (await (
      await fetch(`${base}/borrower/all/${agent.agentId}/${agent.businessId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: number }[];
    say(`  agent ${agent.email}: business ${agent.businessId}, ${borrowers.length} borrowers`);

    const reads: [string, string][] = [
      ['borrower list', `/borrower/all/${agent.agentId}/${agent.businessId}`],
      ['follow-up list', '/loan/active-for-follow-up'],
      [
        'agent loans, page 1',
        `/loan/all-existing-for-lender-business-by-agent/${agent.businessId}/${agent.agentId}?page=1&limit=100`,
      ],
      ['a borrower and loans', `/borrower/${borrowers[0]?.id ?? 1}`],
      [
        'agent loan stats',
        `/loan/all-stats-for-lender-business-by-agent/${agent.businessId}/${agent.agentId}`,
      ],
    ];
    const health = await drive(`${base}/health`, null, '/api/health');
    const figures = [health];
    for (const [name, url] of reads) figures.push(await drive(`${base}${url}`, token, name));
    // A mirror's refresh when nothing changed: the phone sends the tag it holds.
    const [, listUrl] = reads[0] ?? ['', ''];
    const held = await fetch(`${base}${listUrl}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await held.arrayBuffer();
    figures.push(
      await drive(`${base}${listUrl}`, token, 'borrower list, 304', {
        'if-none-match': held.headers.get('etag') ?? '',
      }),
    );
    printFigures(figures, health, target);

    // Reads under writes: another agent of the business records follow-ups meanwhile.
    const writer = await signIn(base, agent.email);
    const loansToVisit = (await (
      await fetch(`${base}/loan/active-for-follow-up?lenderBusinessId=${agent.businessId}`, {
        headers: { authorization: `Bearer ${writer}` },
      })
    ).json()) as { data?: { id: number }[] } | { id: number }[];
    const visit = (Array.isArray(loansToVisit) ? loansToVisit : (loansToVisit.data ?? []))[0];
    if (!visit) {
      say('  reads under writes: the agent has no loan to follow up; skipped');
      return;
    }
    say(
      `  reads under writes: ${writesPerSecond} follow-ups a second in business ${agent.businessId}`,
    );
    const writes = startWrites(base, writer, visit.id, writesPerSecond);
    const busy: Figure[] = [];
    let busyHealth: Figure;
    try {
      busyHealth = await drive(`${base}/health`, null, '/api/health');
      busy.push(busyHealth);
      for (const [name, url] of reads) busy.push(await drive(`${base}${url}`, token, name));
    } finally {
      await writes.stop();
    }
    printFigures(busy, busyHealth, null);
    say(`  writes: ${writes.done} recorded, ${writes.refused} refused`);
  } finally {
    // autocannon reports when its time is up, not when its last requests are answered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await api.close();
  }
}

async function main() {
  say(`Agent hot reads at ${loans} loans, ${seconds} s each at 10 connections`);
  if (values.only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-api-'));
    try {
      say('PGlite');
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      await seed(env);
      await measure(env, 200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'pglite') {
    const database = await postgresDatabase();
    if (!database) {
      say('PostgreSQL: not installed and no BENCH_DATABASE_URL; skipped');
      return;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-api-'));
    try {
      say('PostgreSQL');
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
      await seed(env);
      await measure(env, 500);
    } finally {
      database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
