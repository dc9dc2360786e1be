/**
 * Several API instances on one database (the README's "Running against PostgreSQL"): whichever
 * instance a request or an M-Pesa callback lands on, the answer is the same. Two (and for a while
 * three) real servers listen on their own ports over one database — on PostgreSQL each with its own
 * connection pool, as separate processes would; on the embedded database they share its handle,
 * since it belongs to one process. Nothing here is told which instance did what before: sessions,
 * keyed writes, the simulator's owed callbacks, the fines job's lock and every rate limit are found
 * in the database by the other instance.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capitalTransactions, fines, mpesaRequests } from '../../server/db/schema';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Lender,
} from '../support/fixtures';
import {
  backdateLoan,
  capitalOf,
  deposit,
  disbursedLoan,
  eventually,
  ledgerViolations,
} from '../support/money';
import {
  call,
  login,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from '../support/test-server';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const limits = { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '6', TRUST_PROXY: 'true' };

let a: TestServer;
let b: TestServer;
let lender: Lender;

beforeAll(async () => {
  a = await startTestServer(limits);
  b = await startSecondInstance(a, limits);
  lender = await approvedLender(a, 'Achieng');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The M-Pesa callbacks an instance received, by path (stk, b2c/result …). */
const callbacksOn = (server: TestServer) =>
  server.logs.filter((line) => line.msg === 'M-Pesa callback').map((line) => line.mpesa);

describe('sessions', () => {
  it('a token from a sign-in on one instance works on the other, and a logout on either ends it on both', async () => {
    const token = await login(a, 'lender', lender.email, 'Lender#2026');
    expect((await call(b, 'GET', '/lender-business/lender', undefined, token)).status).toBe(200);
    expect((await call(b, 'POST', '/auth/logout', undefined, token)).status).toBe(204);
    expect((await call(a, 'GET', '/lender-business/lender', undefined, token)).status).toBe(401);
    expect((await call(b, 'GET', '/lender-business/lender', undefined, token)).status).toBe(401);
  });
});

describe('keyed writes', () => {
  it('a withdrawal sent to both instances at once with one key is done once', async () => {
    await deposit(a, lender, 5_000);
    const key = 'instances-withdraw-0001';
    const body = { phoneNumber: '0712345678', amount: 1_000, lenderBusinessId: lender.businessId };
    const answers = await Promise.all(
      [a, b].map((server) =>
        call(server, 'POST', '/initiate/request-withdraw', body, lender.token, {
          'idempotency-key': key,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    // A repeat later, on either instance, is answered from the store.
    const later = await call(b, 'POST', '/initiate/request-withdraw', body, lender.token, {
      'idempotency-key': key,
    });
    expect(later.headers.get('idempotent-replayed')).toBe('true');

    const withdrawals = await a.database.db
      .select()
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.purpose, 'withdrawal'),
          eq(mpesaRequests.lenderBusinessId, lender.businessId),
        ),
      );
    expect(withdrawals).toHaveLength(1);
    await eventually(async () => (await capitalOf(b, lender)) === 4_000);
    const debits = await a.database.db
      .select()
      .from(capitalTransactions)
      .where(
        and(
          eq(capitalTransactions.lenderBusinessId, lender.businessId),
          eq(capitalTransactions.source, 'withdrawal'),
        ),
      );
    expect(debits).toHaveLength(1);
  });
});

describe('M-Pesa callbacks', () => {
  it('land on the instance that did not send the request, and are applied once', async () => {
    // The balancer in front sends M-Pesa's callbacks wherever it likes: here, to B.
    a.config.publicUrl = b.url;
    try {
      // What the earlier tests asked of M-Pesa has been answered, on A, before this starts.
      await eventually(async () => {
        const pending = await a.database.db
          .select()
          .from(mpesaRequests)
          .where(
            and(
              eq(mpesaRequests.lenderBusinessId, lender.businessId),
              eq(mpesaRequests.status, 'pending'),
            ),
          );
        return pending.length === 0;
      });
      const before = callbacksOn(a).length;
      await deposit(a, lender, 700);
      const withdrawal = await call(
        a,
        'POST',
        '/initiate/request-withdraw',
        { phoneNumber: '0712345678', amount: 200, lenderBusinessId: lender.businessId },
        lender.token,
      );
      expect(withdrawal.status).toBe(200);
      await eventually(async () => callbacksOn(b).includes('b2c/result'));
      expect(callbacksOn(b)).toEqual(expect.arrayContaining(['stk', 'b2c/result']));
      expect(callbacksOn(a).length).toBe(before);
      await eventually(async () => (await capitalOf(a, lender)) === 4_000 + 700 - 200);
    } finally {
      a.config.publicUrl = a.url;
    }
  });

  it('an instance that stops before its callback is due leaves it to the other, which delivers it', async () => {
    // A third instance takes the deposit and stops at once: what its simulator owed is a
    // row in the database, delivered by the instance that is still running.
    const doomed = await startSecondInstance(a, { ...limits, MPESA_SIM_DELAY_MS: '1500' });
    doomed.config.publicUrl = b.url;
    const before = await capitalOf(a, lender);
    const pushed = await call(
      doomed,
      'POST',
      '/initiate/request-stkpush',
      { phoneNumber: '0711990001', amount: 300, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(pushed.status).toBe(200);
    await doomed.close();
    await eventually(async () => (await capitalOf(b, lender)) === before + 300, 15_000);
    expect(await ledgerViolations(a)).toEqual([]);
  });
});

describe('the fines job', () => {
  it('run on both instances at once draws each fine once', async () => {
    const agent = await activeAgent(a, lender);
    const cycle = await createCycle(a, lender, 7);
    const plan = await createPlan(a, lender, {
      repaymentCycleId: cycle.id,
      durationInDays: 28,
      interestRate: 10,
      fineRateWithinLoanPeriod: 5,
      fineRateOverLoanPeriod: 2,
      gracePeriodWithinLoanPeriod: 1,
      gracePeriodOverLoanPeriod: 1,
    });
    await deposit(a, lender, 20_000);
    const loanIds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const borrower = await registerBorrower(a, agent.token, lender.businessId, agent.areaId);
      const loan = await disbursedLoan(a, agent, lender, {
        borrowerId: borrower.id,
        planId: plan.id,
        principal: 2_000,
      });
      await backdateLoan(a, loan.id, 45);
      loanIds.push(loan.id);
    }
    const admin = await adminToken(a);
    const day = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const runs = await Promise.all(
      [a, b].map((server) => call(server, 'POST', '/admin/jobs/fines', { date: day }, admin)),
    );
    // One instance runs it; the other is told it is running (or, if it came after, finds
    // nothing left to draw).
    for (const run of runs) expect([200, 409]).toContain(run.status);
    expect(runs.some((run) => run.status === 200)).toBe(true);
    const drawn = runs
      .filter((run) => run.status === 200)
      .reduce((sum, run) => sum + (run.body.finesDrawn as number), 0);
    const rows = await a.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(fines)
      .where(sql`${fines.loanId} in (${sql.join(loanIds, sql`, `)})`);
    expect(drawn).toBeGreaterThan(0);
    expect(rows[0]!.count).toBe(drawn);
    expect(await ledgerViolations(a)).toEqual([]);
  });
});

describe('rate limits are one limit across instances', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  // Reset requests count per email and address (one address cannot lock out the owner).
  it('password-reset requests for one email from one address, alternating instances, stop after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await call(
        i % 2 === 0 ? a : b,
        'POST',
        '/auth/password-reset/request',
        { email: 'shared-limit@example.com', userType: 'lender' },
        undefined,
        from('10.16.0.1'),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('registrations from one address, alternating instances, stop after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await call(
        i % 2 === 0 ? a : b,
        'POST',
        '/auth/lender/register',
        { email: `spread-${i}@example.com`, password: 'Right#2026' },
        undefined,
        from('10.16.1.1'),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const answer = await call(
      a,
      'POST',
      '/auth/lender/register',
      { email: 'spread-late@example.com', password: 'Right#2026' },
      undefined,
      from('10.16.1.1'),
    );
    expect(answer).toMatchObject({ status: 429, body: { message: TOO_MANY } });
  });

  it('failed sign-ins for one email, alternating instances, share one count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(
        i % 2 === 0 ? a : b,
        'POST',
        '/auth/lender/login',
        { email: lender.email, password: 'wrong-password' },
        undefined,
        from('10.16.2.1'),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const right = await call(
      b,
      'POST',
      '/auth/lender/login',
      { email: lender.email, password: 'Lender#2026' },
      undefined,
      from('10.16.2.1'),
    );
    expect(right.status).toBe(429);
  });
});
