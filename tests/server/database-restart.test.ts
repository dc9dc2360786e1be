/**
 * PostgreSQL restarts under load (the README's "Running against PostgreSQL"): the real
 * server (server/main.ts as its own process) runs on a PostgreSQL server of the test's own,
 * which the test stops with `pg_ctl stop -m fast` (every session terminated, as a restart,
 * minor upgrade or failover does) and starts again, ten times, while clients register
 * lenders, make keyed writes, deposit by M-Pesa (the simulator's callbacks fall due while
 * the database is down), run the jobs and ask whether the instance is ready.
 *
 * The process must live through all of it. While the database is gone every request
 * answers soon with a 503 and a sentence (never a 500, never a hang) and /api/health/ready
 * says 503; within 5 s of its return everything answers again. Afterwards the database is
 * read directly: every acknowledged registration is there once, every keyed write retried
 * across a cut was done once, and every acknowledged deposit was credited once.
 *
 * PostgreSQL only (its own server, from Debian's binaries): run in the PostgreSQL pass.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../server/lib/http-error';
import { listening, freePort, startMain, type MainProcess } from '../support/main-process';
import { adminToken, approvedLender, type Lender } from '../support/fixtures';
import { eventually } from '../support/money';
import { postgresBinaries, startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { ADMIN_EMAIL, usingPostgres, type TestServer } from '../support/test-server';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const RESTARTS = 10;
/** How long the database stays down each time. */
const DOWN_MS = 2_000;
/** What the server must do once the database is back. */
const ANSWERING_AGAIN_WITHIN_MS = 5_000;
/** A request not answered in this long hung (a refusal must come at once, not in minutes). */
const ANSWER_WITHIN_MS = 8_000;
/** The simulator's callbacks come this long after each deposit: some fall due during a cut. */
const CALLBACK_DELAY_MS = 1_500;

type Sample = {
  client: 'register' | 'region' | 'deposit' | 'jobs' | 'ready';
  started: number;
  ended: number;
  /** 0: no answer (the connection failed or nothing came in ANSWER_WITHIN_MS). */
  status: number;
  // The answer is whatever JSON the route answers; each check reads the fields it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  replayed: boolean;
  error?: string;
};

/** When the test asked PostgreSQL to stop, when it was down, when it asked it to start, when it
 * accepted connections again, and when the server said it was ready. */
type Round = {
  stopping: number;
  stopped: number;
  starting: number;
  started: number;
  ready: number;
};

const skip = !usingPostgres() || !postgresBinaries();

describe.skipIf(skip)('PostgreSQL stopped and started under load', () => {
  let database: OwnPostgres;
  let running: MainProcess;
  let server: TestServer;
  let dataDir: string;
  let direct: pg.Pool;
  let admin: string;
  let lender: Lender;
  const samples: Sample[] = [];

  beforeAll(async () => {
    database = await startOwnPostgres(await freePort());
    dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-restart-'));
    running = await listening(
      startMain(
        {
          DATABASE_URL: database.url,
          MIGRATE_ON_START: 'true',
          JOBS_ENABLED: 'true',
          LOG_LEVEL: 'warn',
          MPESA_SIM_DELAY_MS: String(CALLBACK_DELAY_MS),
          // Every registration comes from 127.0.0.1.
          AUTH_RATE_LIMIT_PER_IP: '1000000',
        },
        { dataDir, port: await freePort() },
      ),
    );
    server = running.server;
    // The test's own reads of the tables; it too loses its sessions at each cut.
    direct = new pg.Pool({ connectionString: database.url, max: 2 });
    direct.on('error', () => undefined);
    direct.on('connect', (client) => client.on('error', () => undefined));
    admin = await adminToken(server);
    lender = await approvedLender(server, 'Wanjiru');
  });

  afterAll(async () => {
    if (running) await running.stop('SIGTERM');
    await direct?.end();
    await database?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function send(
    client: Sample['client'],
    method: string,
    urlPath: string,
    options: { body?: unknown; token?: string; key?: string } = {},
  ): Promise<Sample> {
    const started = Date.now();
    const sample: Sample = {
      client,
      started,
      ended: 0,
      status: 0,
      body: undefined,
      replayed: false,
    };
    try {
      const response = await fetch(`${server.api}${urlPath}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      const text = await response.text();
      sample.status = response.status;
      sample.body = text ? JSON.parse(text) : undefined;
      sample.replayed = response.headers.get('idempotent-replayed') === 'true';
    } catch (error) {
      sample.error = error instanceof Error ? error.message : String(error);
    }
    sample.ended = Date.now();
    samples.push(sample);
    return sample;
  }

  /** The process still runs (its exit would be told within a moment); else what it said. */
  async function expectAlive() {
    const exited = await Promise.race([running.exited.then(() => true), pause(300)]);
    expect(exited ? running.output().slice(-3000) : 'alive').toBe('alive');
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await direct.query(text, values)).rows as T[];
  }

  async function readyAgain(since: number): Promise<number> {
    for (;;) {
      const answer = await send('ready', 'GET', '/health/ready');
      if (answer.status === 200) return answer.ended;
      if (Date.now() - since > 60_000) throw new Error('never ready again');
      await pause(50);
    }
  }

  it('a keyed write cut mid-transaction leaves no claim behind; its retry does it once', async () => {
    const key = randomUUID();
    const name = `Region cut mid-flight ${key.slice(0, 8)}`;
    // The test holds the regions table, so the write waits inside its transaction, after
    // its claim on the key and before its work, when the database goes.
    const holder = new pg.Client({ connectionString: database.url });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table regions in share mode');
    const cut = send('region', 'POST', '/region/add', {
      body: { name, description: 'Cut while it waits for the table' },
      token: admin,
      key,
    });
    await eventually(async () => {
      const [waiting] = await rows<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where wait_event_type = 'Lock' and query ilike 'insert into "regions"%'`,
      );
      return waiting!.count === 1;
    });
    await database.stop();
    const refused = await cut;
    await holder.end().catch(() => undefined);
    await expectAlive();
    expect([refused.status, refused.body]).toEqual([
      503,
      { statusCode: 503, message: DATABASE_UNAVAILABLE },
    ]);
    const starting = Date.now();
    await database.start();
    await readyAgain(starting);

    const [adminRow] = await rows<{ id: number }>('select id from users where email = $1', [
      ADMIN_EMAIL,
    ]);
    const claims = () =>
      rows<{ status_code: number | null }>(
        'select status_code from idempotency_keys where user_id = $1 and key = $2',
        [adminRow!.id, key],
      );
    const regionsNamed = () =>
      rows<{ id: number }>('select id from regions where name = $1', [name]);
    expect(await claims()).toEqual([]);
    expect(await regionsNamed()).toEqual([]);

    const retry = await send('region', 'POST', '/region/add', {
      body: { name, description: 'Cut while it waits for the table' },
      token: admin,
      key,
    });
    expect([retry.status, retry.replayed]).toEqual([201, false]);
    const again = await send('region', 'POST', '/region/add', {
      body: { name, description: 'Cut while it waits for the table' },
      token: admin,
      key,
    });
    expect([again.status, again.replayed, again.body]).toEqual([201, true, retry.body]);
    expect(await claims()).toEqual([{ status_code: 201 }]);
    expect(await regionsNamed()).toHaveLength(1);
  });

  it('lives through ten restarts: 503 with a sentence while down, answering within 5 s after, nothing acknowledged lost or done twice', async () => {
    samples.length = 0;
    let finished = false;
    const registered: string[] = [];
    const keyed: { name: string; key: string; attempts: number }[] = [];
    const deposits: { mpesaRequestId: number; amount: number }[] = [];

    const registering = async (client: number) => {
      for (let n = 0; !finished; n += 1) {
        const email = `restart-${client}-${n}@example.co.ke`;
        const answer = await send('register', 'POST', '/auth/lender/register', {
          body: { email, password: 'Lender#2026' },
        });
        if (answer.status === 201) registered.push(email);
        // Each registration hashes a password (argon2): the pause leaves CPU to the rest of CI.
        await pause(150);
      }
    };
    // Each region is retried with its key until it is answered: done once, whatever the cut.
    const keyedRegions = async () => {
      for (let n = 0; !finished; n += 1) {
        const name = `Restart region ${n}`;
        const key = randomUUID();
        for (let attempt = 1; ; attempt += 1) {
          const answer = await send('region', 'POST', '/region/add', {
            body: { name, description: 'Written while PostgreSQL restarts' },
            token: admin,
            key,
          });
          if (answer.status === 201) {
            keyed.push({ name, key, attempts: attempt });
            await pause(25);
            break;
          }
          if (answer.status !== 503 && answer.status !== 0) break;
          await pause(100);
        }
      }
    };
    const depositing = async () => {
      for (let n = 0; !finished; n += 1) {
        const amount = 100 + n;
        const answer = await send('deposit', 'POST', '/initiate/request-stkpush', {
          body: {
            phoneNumber: `0722${String(n).padStart(6, '0')}`,
            amount,
            lenderBusinessId: lender.businessId,
          },
          token: lender.token,
          key: randomUUID(),
        });
        if (answer.status === 200 && answer.body.checkoutRequestId)
          deposits.push({ mpesaRequestId: answer.body.mpesaRequestId as number, amount });
        await pause(400);
      }
    };
    // The jobs take their advisory lock in a transaction that waits while they work.
    const jobs = async () => {
      for (let n = 0; !finished; n += 1) {
        await send('jobs', 'POST', n % 2 ? '/admin/jobs/sms' : '/admin/jobs/fines', {
          ...(n % 2 ? {} : { body: {} }),
          token: admin,
        });
        await pause(300);
      }
    };
    const polling = async () => {
      while (!finished) {
        await send('ready', 'GET', '/health/ready');
        await pause(100);
      }
    };
    const load = Promise.all([
      registering(1),
      registering(2),
      keyedRegions(),
      depositing(),
      jobs(),
      polling(),
    ]);

    const rounds: Round[] = [];
    await pause(1_500);
    for (let round = 0; round < RESTARTS; round += 1) {
      const stopping = Date.now();
      await database.stop();
      const stopped = Date.now();
      await pause(DOWN_MS);
      const starting = Date.now();
      await database.start();
      const started = Date.now();
      const ready = await readyAgain(started);
      rounds.push({ stopping, stopped, starting, started, ready });
      // Serve past the 5 s after the return, so what must answer again is seen to: at least a
      // second past it, and until a request begun after it has been answered (on a busy CI
      // machine a second may pass with nothing begun and answered in it).
      const answeringFrom = started + ANSWERING_AGAIN_WITHIN_MS;
      await pause(Math.max(1_000, answeringFrom + 1_000 - Date.now()));
      while (
        !samples.some((sample) => sample.started >= answeringFrom) &&
        Date.now() < answeringFrom + ANSWER_WITHIN_MS + 1_000
      )
        await pause(100);
    }
    finished = true;
    await load;

    await expectAlive();

    // Every request was answered, soon, with what its client may get: never a 500.
    const allowed: Record<Sample['client'], number[]> = {
      register: [201, 503],
      region: [201, 503],
      // 502: the simulator could not record the push (its table is in the database).
      deposit: [200, 502, 503],
      // 409: the scheduled run held the job's lock at that moment.
      jobs: [200, 409, 503],
      ready: [200, 503],
    };
    const unexpected = samples.filter(
      (sample) =>
        !allowed[sample.client].includes(sample.status) ||
        sample.ended - sample.started > ANSWER_WITHIN_MS,
    );
    expect(unexpected).toEqual([]);
    for (const sample of samples) {
      if (sample.client === 'ready' || sample.status < 500) continue;
      expect(sample.body).toEqual({
        statusCode: sample.status,
        message: expect.stringMatching(/^[A-Z][^{}\n]+\.$/) as string,
      });
    }

    rounds.forEach((round, index) => {
      const nextStop = rounds[index + 1]?.stopping ?? Number.POSITIVE_INFINITY;
      // While the database was down: not ready, and every request refused with a sentence.
      const whileDown = samples.filter(
        (sample) => sample.started >= round.stopped && sample.ended <= round.starting,
      );
      expect(whileDown.filter((sample) => sample.client === 'ready').length).toBeGreaterThan(0);
      for (const sample of whileDown) {
        if (sample.client === 'ready') expect(sample.status).toBe(503);
        else expect(sample.body).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
      }
      // Ready again, and every request answered, within 5 s of its return.
      expect(round.ready - round.started).toBeLessThanOrEqual(ANSWERING_AGAIN_WITHIN_MS);
      const after = samples.filter(
        (sample) =>
          sample.started >= round.started + ANSWERING_AGAIN_WITHIN_MS && sample.ended < nextStop,
      );
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((sample) => sample.status >= 500)).toEqual([]);
    });

    // Every acknowledged registration is there, once.
    const stored = await rows<{ email: string; count: number }>(
      'select email, count(*)::int as count from users where email = any($1) group by email',
      [registered],
    );
    expect(stored).toHaveLength(registered.length);
    expect(stored.every((row) => row.count === 1)).toBe(true);

    // Every keyed region was answered 201 (never "already exists") and written once.
    const regionRows = await rows<{ name: string; audits: number }>(
      `select r.name, (select count(*)::int from audit_log a
         where a.action = 'region.create' and a.subject_id = r.id) as audits
       from regions r where r.name = any($1)`,
      [keyed.map((region) => region.name)],
    );
    expect(regionRows).toHaveLength(keyed.length);
    expect(regionRows.every((row) => row.audits === 1)).toBe(true);
    const lastRegion = samples.filter((sample) => sample.client === 'region').at(-1);
    expect(lastRegion?.status).toBe(201);

    // The simulator's callbacks reached the server after the cuts: every acknowledged
    // deposit is credited, once.
    const ids = deposits.map((deposit) => deposit.mpesaRequestId);
    await eventually(async () => {
      const [open] = await rows<{ count: number }>(
        `select count(*)::int as count from mpesa_requests
         where id = any($1) and status <> 'succeeded'`,
        [ids],
      );
      return open!.count === 0;
    }, 90_000);
    const credits = await rows<{ mpesa_request_id: number; count: number }>(
      `select mpesa_request_id::int, count(*)::int as count from capital_transactions
       where mpesa_request_id = any($1) group by mpesa_request_id`,
      [ids],
    );
    expect(credits).toHaveLength(ids.length);
    expect(credits.every((row) => row.count === 1)).toBe(true);
    const [ledger] = await rows<{ balance: string; sum: string }>(
      `select b.capital_balance::text as balance,
         (select coalesce(sum(amount), 0) from capital_transactions c
          where c.lender_business_id = b.id)::text as sum
       from lender_businesses b where b.id = $1`,
      [lender.businessId],
    );
    expect(Number(ledger!.balance)).toBe(Number(ledger!.sum));

    // What the operator's numbers are: printed, not asserted beyond the bounds above.
    const refusedBy = (client: Sample['client']) =>
      samples.filter((sample) => sample.client === client && sample.status >= 500).length;
    const [unacknowledged] = await rows<{ count: number }>(
      `select count(*)::int as count from users where email like 'restart-%' and not (email = any($1))`,
      [registered],
    );
    process.stdout.write(
      `${JSON.stringify(
        {
          readyAfterReturnMs: rounds.map((round) => round.ready - round.started),
          requests: samples.length,
          slowestMs: Math.max(...samples.map((sample) => sample.ended - sample.started)),
          refused: {
            register: refusedBy('register'),
            region: refusedBy('region'),
            deposit: refusedBy('deposit'),
            jobs: refusedBy('jobs'),
            ready: refusedBy('ready'),
          },
          registered: registered.length,
          registeredButRefused: unacknowledged!.count,
          keyedRegions: keyed.length,
          keyedRetried: keyed.filter((region) => region.attempts > 1).length,
          keyedReplayed: samples.filter((sample) => sample.replayed).length,
          deposits: deposits.length,
        },
        null,
        2,
      )}\n`,
    );
  });
});
