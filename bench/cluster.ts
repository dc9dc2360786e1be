/**
 * `npm run bench:cluster`: a lending month through nginx on the local cluster
 * (server/scripts/cluster.ts: PostgreSQL, an S3 stand-in, two instances, nginx).
 *
 * 1. The demo's book (server/scripts/demo-book.ts) is written through nginx while:
 *    - every paybill payment is delivered to both instances at once (a duplicated
 *      Safaricom delivery), one of them the instance that did not send the request;
 *    - instance 2 is killed (SIGKILL) in the middle and started again a few seconds
 *      later; the client resends what failed with its Idempotency-Key.
 * 2. Idempotent writes raced across the instances: the same follow-up, with the same key,
 *    sent to both at once.
 * 3. The fines job triggered on both instances at once, for the same day.
 * 4. Wrong passwords for one account spread over both instances: one shared limit.
 * 5. Every ledger reconciled to the cent, and nothing lost or doubled.
 * 6. Throughput of a lender's hot read through nginx, with two instances and then one,
 *    beside GET /api/health.
 * It prints what it found; a broken rule makes it exit 1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildClientIfStale } from '../build/client-build';
import { openDatabase } from '../server/db/client';
import { nairobiToday } from '../server/jobs/fines';
import { CLUSTER_ADMIN, startCluster } from '../server/scripts/cluster';
import { writeDemoBook } from '../server/scripts/demo-book';
import { ledgerViolations } from '../tests/support/money';
import type { TestServer } from '../tests/support/test-server';

const say = (line: string) => process.stdout.write(`${line}\n`);
const problems: string[] = [];
const check = (ok: boolean, rule: string) => {
  say(`  ${ok ? 'ok  ' : 'FAIL'} ${rule}`);
  if (!ok) problems.push(rule);
};

// nginx serves dist/ itself: the instances' own start only checks it is built.
buildClientIfStale(say);
const cluster = await startCluster({ say });
const database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: cluster.folder });
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const [one, two] = cluster.instances as [
  (typeof cluster.instances)[0],
  (typeof cluster.instances)[0],
];
const api = `${cluster.url}/api`;

async function post(base: string, urlPath: string, body: unknown, token?: string, key?: string) {
  const response = await fetch(`${base}/api${urlPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

try {
  say('\n1. A lending month through nginx; payments delivered twice; instance 2 killed mid-run');
  const started = Date.now();
  const crash = setTimeout(() => {
    say('  … killing instance 2');
    void two.kill().then(async () => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      say('  … starting instance 2 again');
      await two.start();
    });
  }, 25_000);
  const book = await writeDemoBook({
    base: api,
    admin: CLUSTER_ADMIN,
    callbackSecret: cluster.env.MPESA_CALLBACK_SECRET!,
    invitationLink: async (email) => {
      // Each instance saves the mails it sends in its DATA_DIR: look in both.
      for (const n of [1, 2]) {
        const dir = path.join(cluster.folder, `instance-${n}`, 'mail');
        let names: string[] = [];
        try {
          names = readdirSync(dir).sort().reverse();
        } catch {
          continue;
        }
        for (const name of names) {
          const mail = readFileSync(path.join(dir, name), 'utf8');
          if (!mail.includes(`To: ${email}`)) continue;
          return /^https?:\/\/\S+/m.exec(mail.slice(mail.indexOf('\r\n\r\n') + 4))?.[0];
        }
      }
      return undefined;
    },
    backdate: async (loanId, days) => {
      await database.db.execute(sql`update loans
        set disbursement_date = disbursement_date - make_interval(days => ${days}),
            due_date = due_date - make_interval(days => ${days}),
            application_date = application_date - make_interval(days => ${days})
        where id = ${loanId}`);
    },
    paymentBase: (n) =>
      n % 2 ? [`${one.url}/api`, `${two.url}/api`] : [`${two.url}/api`, `${one.url}/api`],
    say,
  });
  clearTimeout(crash);
  say(
    `  the book: ${book.borrowers} borrowers, ${book.loans} loans, ${book.payments} payments in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const [received] = await rows<{ n: number; distinct: number }>(
    sql`select count(*)::int as n, count(distinct trans_id)::int as distinct from mpesa_repayment_transactions`,
  );
  check(
    received!.n === book.payments,
    `each of the ${book.payments} payments recorded once (found ${received!.n})`,
  );
  check(received!.distinct === received!.n, 'no payment recorded twice');

  say('\n2. The same follow-up, with the same Idempotency-Key, sent to both instances at once');
  const agentLogin = await post(cluster.url, '/auth/agent/login', {
    email: 'kiprono.agent1@mkopo-demo.test',
    password: 'Demo#2026',
  });
  const agentToken = (agentLogin.body as { token: { accessToken: string } }).token.accessToken;
  const [loan] = await rows<{ id: number }>(
    sql`select l.id from loans l where l.status = 'active' order by l.id limit 1`,
  );
  const before = (await rows<{ n: number }>(sql`select count(*)::int as n from follow_ups`))[0]!.n;
  let raced = 0;
  for (let n = 0; n < 20; n++) {
    const key = `bench-race-${Date.now()}-${n}`;
    const body = { loanId: loan!.id, comment: `Raced visit ${n}` };
    const send = async (instance: typeof one) => {
      // 409: the other instance is doing it right now; the client asks again, as the PWA does.
      for (;;) {
        const answer = await post(instance.url, '/follow-up', body, agentToken, key);
        if (answer.status !== 409) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const answers = await Promise.all([send(one), send(two)]);
    // The replay is the stored answer (PostgreSQL's jsonb keeps keys in its own order).
    const same = isDeepStrictEqual(answers[0]!.body, answers[1]!.body);
    if (answers.every((a) => a.status === 201) && same) raced += 1;
  }
  const after = (await rows<{ n: number }>(sql`select count(*)::int as n from follow_ups`))[0]!.n;
  check(after - before === 20, `20 raced writes made 20 follow-ups (made ${after - before})`);
  check(raced === 20, `both instances gave the same answer each time (${raced} of 20)`);

  say('\n3. The fines job on both instances at once');
  const adminToken = book.adminToken;
  const day = nairobiToday();
  const finesBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from fines`))[0]!.n;
  const runs = await Promise.all(
    [one, two].map((instance) =>
      post(instance.url, '/admin/jobs/fines', { date: day }, adminToken),
    ),
  );
  say(`  answers: ${runs.map((r) => r.status).join(', ')}`);
  const [doubled] = await rows<{ n: number }>(sql`select count(*)::int as n from (
    select loan_id, kind, period from fines group by 1, 2, 3 having count(*) > 1) d`);
  check(
    doubled!.n === 0,
    `no fine drawn twice for a loan and day (${(await rows<{ n: number }>(sql`select count(*)::int as n from fines`))[0]!.n - finesBefore} drawn today)`,
  );

  say('\n4. Wrong passwords for one account, alternating between the instances');
  const statuses: number[] = [];
  for (let n = 0; n < 14; n++) {
    const target = n % 2 ? two : one;
    statuses.push(
      (
        await post(target.url, '/auth/lender/login', {
          email: 'nobody@cluster.test',
          password: `wrong-${n}`,
        })
      ).status,
    );
  }
  const firstRefusal = statuses.indexOf(429) + 1;
  say(`  statuses: ${statuses.join(' ')}`);
  check(
    firstRefusal === 11,
    `the 11th attempt is refused (the limit is 10 per account), whichever instance it reaches (refused from attempt ${firstRefusal})`,
  );

  say('\n5. The ledgers');
  const violations = await ledgerViolations({ database } as TestServer);
  check(
    violations.length === 0,
    `every capital, loan and wallet ledger adds up to the cent${violations.length ? `: ${violations.join('; ')}` : ''}`,
  );
  const [pendingRequests] = await rows<{ n: number }>(
    sql`select count(*)::int as n from mpesa_requests where status = 'pending'`,
  );
  check(pendingRequests!.n === 0, `no M-Pesa request left pending (${pendingRequests!.n})`);

  say('\n6. Throughput through nginx (autocannon, 10 connections, 5 s each)');
  const lenderLogin = await post(cluster.url, '/auth/lender/login', {
    email: 'amani.lender@mkopo-demo.test',
    password: 'Demo#2026',
  });
  const lenderToken = (lenderLogin.body as { token: { accessToken: string } }).token.accessToken;
  const measure = async (url: string) => {
    const result = await autocannon({
      url,
      connections: 10,
      duration: 5,
      headers: { authorization: `Bearer ${lenderToken}` },
    });
    return {
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
    };
  };
  const hot = `${api}/loan/from-lender-business/${book.businessIds[0]}`;
  const table: string[] = [];
  for (const label of ['two instances', 'one instance']) {
    if (label === 'one instance') await two.kill();
    const health = await measure(`${api}/health`);
    const loans = await measure(hot);
    table.push(
      `  ${label.padEnd(14)} health ${String(health.rps).padStart(5)} req/s · loans ${String(loans.rps).padStart(5)} req/s, p99 ${loans.p99} ms, ${loans.errors} errors · ratio ${(loans.rps / health.rps).toFixed(2)}`,
    );
  }
  table.forEach(say);
} finally {
  await database.close();
  await cluster.stop();
}
say(problems.length ? `\n${problems.length} rules broken.` : '\nEvery rule held.');
process.exit(problems.length ? 1 : 0);
