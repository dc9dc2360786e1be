/**
 * `npm run bench:field`: an agent's working set (docs/architecture.md §7) over a slow 3G
 * connection, in Chromium: seed:scale fills a fresh embedded database, the app is served
 * from it, and the agent of the business with the most borrowers signs in with the app
 * already installed (the service worker holds its files). With the connection emulated
 * over CDP (400 kbit/s down and up, 400 ms round trip), it prints:
 * - the first sync: answers, bytes on the wire (compressed, headers included) and seconds,
 *   from its first request to the end of its last;
 * - a refresh with nothing changed, and one after 10 changes (10 follow-ups written by a
 *   colleague): bytes on the wire.
 * Two books: seed:scale's proportions at 100,000 loans (its busiest business), and one
 * whose busiest business has about 5,000 borrowers. Asserts nothing. Targets (the
 * README's "Performance"): at 5,000 borrowers, a first sync of at most 1 MB and 30 s; a
 * refresh of at most 5 KB unchanged and 20 KB with 10 changes.
 *
 *   npm run bench:field -- [--only small|large]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { buildClientIfStale } from '../build/client-build';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { projectRoot } from '../server/paths';
import { SEED_PASSWORD } from '../server/scripts/seed-scale';
import { storageKeys } from '../src/lib/storage-keys';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

const { values } = parseArgs({ options: { only: { type: 'string' } } });

/** Slow 3G as the issue states it: 400 kbit/s each way, 400 ms round trip. */
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: 400_000 / 8,
  uploadThroughput: 400_000 / 8,
};

const books = [
  {
    name: 'small',
    title: 'seed:scale at 100,000 loans, its busiest business',
    args: ['--lenders', '200', '--borrowers', '50000', '--loans', '100000'],
  },
  {
    name: 'large',
    title: 'a business of about 5,000 borrowers',
    args: ['--lenders', '100', '--borrowers', '250000', '--loans', '500000'],
  },
].filter((book) => !values.only || book.name === values.only);

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function seed(dataDir: string, args: string[]): Promise<void> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/scripts/seed-scale.ts'), ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed:scale exited with ${code}`);
  say(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

type Row = Record<string, string | number>;
async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The active agent of the business with the most borrowers that it may work in (active,
 * its lender active), and a colleague in the same business.
 */
async function busiestBusiness(database: Database) {
  const [row] = await rows(
    database,
    sql`select b.id as business_id, count(*)::int as borrowers,
          (select count(*)::int from loans l where l.lender_business_id = b.id) as loans
        from borrowers br
        join lender_businesses b on b.id = br.lender_business_id
        join users lu on lu.id = b.lender_id
        where b.status = 'active' and lu.status = 'Active'
          and exists (select 1 from agent_businesses ab join users u on u.id = ab.agent_id
                      where ab.lender_business_id = b.id and u.status = 'active')
        group by b.id order by count(*) desc limit 1`,
  );
  if (!row) throw new Error('The seeded database has no business an agent can work in');
  const agents = await rows(
    database,
    sql`select u.email from agent_businesses ab join users u on u.id = ab.agent_id
        where ab.lender_business_id = ${row.business_id} and u.status = 'active'
        order by u.id limit 2`,
  );
  const loansToFollow = await rows(
    database,
    sql`select id from loans where lender_business_id = ${row.business_id}
          and status in ('active', 'default') order by id limit 10`,
  );
  return {
    businessId: Number(row.business_id),
    borrowers: Number(row.borrowers),
    loans: Number(row.loans),
    agent: String(agents[0]!.email),
    colleague: String((agents[1] ?? agents[0]!).email),
    loanIds: loansToFollow.map((loan) => Number(loan.id)),
  };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  const body = (await res.json()) as { token?: { accessToken?: string } };
  if (!body.token?.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.token.accessToken;
}

/** The working-set requests the page makes, with their bytes on the wire and times. */
function watchSync(cdp: CDPSession) {
  const requests = new Map<
    string,
    { start: number; end?: number; bytes?: number; status?: number }
  >();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes('/agent/working-set')) {
      if (process.env.BENCH_DEBUG) say(`    → ${event.requestId} ${event.request.url.slice(-60)}`);
      requests.set(event.requestId, { start: event.timestamp });
    }
  });

  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.status = event.response.status;
      request.bytes = event.response.encodedDataLength;
    }
  });
  // Chromium reports a fetch's bodiless 304 as ERR_ABORTED once its headers are in (the app
  // reads the 304 all the same): it ends there, its headers all it cost.
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request?.status === 304) request.end = event.timestamp;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
    if (request && process.env.BENCH_DEBUG)
      say(`    ← ${event.requestId} ${request.status} ${event.encodedDataLength} B`);
  });
  return {
    reset: () => requests.clear(),
    /** Waits until `count` requests have finished; answers their totals. */
    settled: async (count: number, timeoutMs = 600_000) => {
      const started = Date.now();
      for (;;) {
        const done = [...requests.values()].filter((r) => r.end !== undefined);
        if (done.length >= count && done.length === requests.size) {
          const start = Math.min(...done.map((r) => r.start));
          const end = Math.max(...done.map((r) => r.end!));
          return {
            answers: done.length,
            bytes: done.reduce((sum, r) => sum + (r.bytes ?? 0), 0),
            seconds: end - start,
            statuses: done.map((r) => r.status),
          };
        }
        if (Date.now() - started > timeoutMs) throw new Error('the sync did not finish in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

async function untilReady(page: Page) {
  await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 600_000 });
}

async function measure(book: (typeof books)[number]) {
  say(`\n${book.title} (seed:scale ${book.args.join(' ')})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-field-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let close = async () => undefined as unknown;
  try {
    await seed(dataDir, book.args);
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
    });
    const database = await openDatabase(config);
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
      logger: { level: 'warn' },
    });
    close = async () => {
      await app.close();
      await database.close();
    };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const business = await busiestBusiness(database);
    say(
      `  business ${business.businessId}: ${business.borrowers.toLocaleString('en')} borrowers, ${business.loans.toLocaleString('en')} loans`,
    );
    const token = await signIn(base, business.agent);

    // The app installed (its files in the worker's precache), nobody signed in yet.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/login/agent`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [storageKeys.token, token],
    );

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const sync = watchSync(cdp);

    // Signed in: the first sync, every answer until the last.
    await page.goto(`${base}/dashboard`);
    await untilReady(page);
    const first = await sync.settled(1);
    say(
      `  first sync:   ${first.answers} answers, ${(first.bytes / 1024).toFixed(0)} KB on the wire, ${first.seconds.toFixed(1)} s`,
    );

    // The 15-minute refresh, nothing changed.
    sync.reset();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const unchanged = await sync.settled(1);
    say(
      `  refresh, nothing changed: ${unchanged.bytes} B on the wire (${unchanged.statuses.join(', ')})`,
    );

    // 10 follow-ups written by a colleague, then the refresh.
    const colleague = await signIn(base, business.colleague);
    for (const [i, loanId] of business.loanIds.entries()) {
      const res = await fetch(`${base}/api/follow-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${colleague}` },
        body: JSON.stringify({ loanId, comment: `Visited, promised to pay (${i + 1}).` }),
      });
      if (res.status !== 201) throw new Error(`follow-up: ${res.status} ${await res.text()}`);
    }
    sync.reset();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const changed = await sync.settled(1);
    say(
      `  refresh, ${business.loanIds.length} changes: ${(changed.bytes / 1024).toFixed(1)} KB on the wire (${changed.statuses.join(', ')})`,
    );
    await context.close();
  } finally {
    await browser.close();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildClientIfStale((line) => say(line));
say('bench:field — the working set over slow 3G (400 kbit/s, 400 ms), Chromium');
for (const book of books) await measure(book);
say(
  '\nTargets at 5,000 borrowers: first sync ≤ 1 MB and ≤ 30 s; refresh ≤ 5 KB unchanged, ≤ 20 KB with 10 changes.',
);
