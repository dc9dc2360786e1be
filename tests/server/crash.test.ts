/**
 * Crash, then restart (docs/architecture.md §6 "Every payment settles"): the real server
 * (dist-server/main.js, as `npm start` runs it) on an embedded database in a temporary
 * DATA_DIR is killed with SIGKILL (no shutdown, nothing flushed by us) and started again
 * on the same directory. Each payment must then settle by itself, exactly once: the
 * simulator delivers the callbacks it owed, and the recovery at start resends a B2C
 * whose debit committed but whose request never reached M-Pesa (a failpoint kills the
 * process right there). Afterwards the database is opened directly to check that M-Pesa
 * paid each payment once and that the ledgers reconcile.
 *
 * PGlite only: on PostgreSQL the recovery waits a grace period for sends in flight on
 * other instances (settlement.test.ts covers that path).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../src/domain/money';
import { openDatabase, type Database } from '../../server/db/client';
import {
  capitalTransactions,
  mpesaRequestEvents,
  mpesaRequests,
  mpesaSimulatorPayments,
} from '../../server/db/schema';
import { registerBorrower, type Lender, lendingBook } from '../support/fixtures';
import {
  applyForLoan,
  capitalOf,
  eventually,
  ledgerViolations,
  loanStatus,
} from '../support/money';
import { listening, freePort, startMain, type MainProcess } from '../support/main-process';
import { call, usingPostgres, type TestServer } from '../support/test-server';

// Each test kills and starts server processes (each opens and migrates its database): slow by
// nature, and more so on a loaded machine. The default 30 s is for tests of one request.
vi.setConfig({ testTimeout: 90_000 });

/** A lender with capital, a plan with a 2% fee and an agent, over HTTP. */
function business(server: TestServer, capital: number) {
  return lendingBook(server, { name: 'Odhiambo', plan: { processingFee: 2 }, capital });
}

function approve(server: TestServer, lender: Lender, loanId: number) {
  return call(
    server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loanId}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
}

describe.skipIf(usingPostgres())('a crash, then a restart', () => {
  // One data directory for the whole story, as one installation lives through crashes.
  let dataDir: string;
  let port: number;
  let current: MainProcess | undefined;
  let setup: Awaited<ReturnType<typeof business>>;

  /** Stops the running server (gracefully) and starts it again with these settings. */
  async function restart(env: Record<string, string>): Promise<TestServer> {
    if (current) await current.stop('SIGTERM');
    current = await listening(startMain({ MPESA_SIM_DELAY_MS: '10', ...env }, { dataDir, port }));
    return current.server;
  }

  /** Stops the server and reads its database directly. */
  async function afterStop<T>(read: (database: Database) => Promise<T>): Promise<T> {
    if (current) await current.stop('SIGTERM');
    current = undefined;
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const answer = await read(database);
      expect(await ledgerViolations({ database } as TestServer)).toEqual([]);
      return answer;
    } finally {
      await database.close();
    }
  }

  async function pendingLoan(server: TestServer) {
    const borrower = await registerBorrower(
      server,
      setup.agent.token,
      setup.lender.businessId,
      setup.agent.areaId,
    );
    return applyForLoan(server, setup.agent, setup.lender, {
      borrowerId: borrower.id,
      planId: setup.planId,
      principal: 1_000,
    });
  }

  /** The loan's B2C request, its payments at the simulated M-Pesa and its capital moves. */
  async function disbursementOf(database: Database, loanId: number) {
    const db = database.db;
    const [request] = await db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.kind, 'b2c'), eq(mpesaRequests.loanId, loanId)));
    const paid = await db
      .select()
      .from(mpesaSimulatorPayments)
      .where(
        and(
          eq(mpesaSimulatorPayments.kind, 'b2c'),
          eq(mpesaSimulatorPayments.reference, request!.originatorConversationId!),
        ),
      );
    const moves = await db
      .select()
      .from(capitalTransactions)
      .where(eq(capitalTransactions.loanId, loanId));
    const history = await db
      .select({ kind: mpesaRequestEvents.kind })
      .from(mpesaRequestEvents)
      .where(eq(mpesaRequestEvents.mpesaRequestId, request!.id))
      .orderBy(mpesaRequestEvents.id);
    return {
      request: request!,
      paid,
      moves: moves.map((m) => [m.source, toCents(m.amount)]),
      history: history.map((e) => e.kind),
    };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-crash-'));
    port = await freePort();
    const server = await restart({});
    setup = await business(server, 30_000);
  });
  afterAll(async () => {
    if (current) await current.stop('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the callbacks owed for an approval and a withdrawal that answered 200 just before a SIGKILL', async () => {
    const { lender } = setup;
    const first = await restart({ MPESA_SIM_DELAY_MS: '3000' });
    const before = await capitalOf(first, lender);
    const loan = await pendingLoan(first);
    expect((await approve(first, lender, loan.id)).status).toBe(200);
    const withdrawal = await call(
      first,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: 500, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(withdrawal.status).toBe(200);
    // Both results are still owed by M-Pesa when the process dies.
    expect((await loanStatus(first, lender, loan.id)).status).toBe('disbursing');
    expect(await current!.stop('SIGKILL')).toBe('SIGKILL');

    const restartedAt = new Date();
    const second = await restart({});
    await eventually(
      async () => (await loanStatus(second, lender, loan.id)).status === 'active',
      20_000,
    );
    await eventually(async () => (await capitalOf(second, lender)) === before - 980 - 500);
    // The withdrawal's debit came before the crash: its result has arrived when M-Pesa's
    // answer shows on the payment.
    await eventually(async () => {
      const payment = await call(
        second,
        'GET',
        `/capital/payment/${withdrawal.body.mpesaRequestId}`,
        undefined,
        lender.token,
      );
      return payment.body?.status === 'succeeded';
    });

    await afterStop(async (database) => {
      const { request, paid, moves } = await disbursementOf(database, loan.id);
      expect(request.status).toBe('succeeded');
      const [withdrawn] = await database.db
        .select()
        .from(mpesaRequests)
        .where(and(eq(mpesaRequests.purpose, 'withdrawal'), eq(mpesaRequests.kind, 'b2c')));
      expect(withdrawn!.status).toBe('succeeded');
      const owed = await database.db
        .select()
        .from(mpesaSimulatorPayments)
        .where(eq(mpesaSimulatorPayments.reference, withdrawn!.originatorConversationId!));
      // Each paid once, its result delivered once, by the restarted server.
      for (const payment of [...paid, ...owed]) {
        expect(payment.attempts).toBe(1);
        expect(payment.deliveredAt!.getTime()).toBeGreaterThanOrEqual(restartedAt.getTime());
      }
      expect(paid).toHaveLength(1);
      expect(owed).toHaveLength(1);
      expect(moves).toEqual([['disbursement', -98_000]]);
    });
  });

  /**
   * Approves a loan on a server that dies at `failpoint` (no answer comes), starts it
   * again without the failpoint, and waits until the loan is active.
   */
  async function disburseThroughCrash(failpoint: string) {
    const { lender } = setup;
    const first = await restart({ MKOPO_FAILPOINTS: failpoint });
    const before = await capitalOf(first, lender);
    const loan = await pendingLoan(first);
    await expect(approve(first, lender, loan.id)).rejects.toThrow();
    expect(await current!.exited).toBe('SIGKILL');

    const second = await restart({});
    await eventually(
      async () => (await loanStatus(second, lender, loan.id)).status === 'active',
      20_000,
    );
    expect(await capitalOf(second, lender)).toBe(before - 980);
    return loan;
  }

  it('resends once, after the restart, a disbursement whose debit committed but which never reached M-Pesa', async () => {
    // The process dies between the debit's commit and the B2C request.
    const loan = await disburseThroughCrash('b2c-before-send');
    await afterStop(async (database) => {
      const { request, paid, moves, history } = await disbursementOf(database, loan.id);
      // Sent once, by the recovery at start; M-Pesa paid once.
      expect(request).toMatchObject({ status: 'succeeded', sendAttempts: 1 });
      expect(paid).toHaveLength(1);
      expect(history).toEqual(['created', 'sent', 'result']);
      // One debit, never reversed, never repeated.
      expect(moves).toEqual([['disbursement', -98_000]]);
    });
  });

  it('does not pay twice a disbursement M-Pesa accepted just before the crash', async () => {
    // M-Pesa took the request; the process dies before its ConversationID is saved.
    const loan = await disburseThroughCrash('b2c-after-send');
    await afterStop(async (database) => {
      const { request, paid, moves } = await disbursementOf(database, loan.id);
      expect(request.status).toBe('succeeded');
      // Either the result M-Pesa owed arrived first, or the resend did and M-Pesa refused
      // the reused id (then a status query settled it): one payment either way.
      expect([1, 2]).toContain(request.sendAttempts);
      expect(paid).toHaveLength(1);
      expect(moves).toEqual([['disbursement', -98_000]]);
    });
  });

  describe('a keyed write and its answer', () => {
    const cyclesNamed = async (server: TestServer, name: string) => {
      const res = await call(
        server,
        'GET',
        `/repayment-cycle/all-from-lender-business/${setup.lender.businessId}`,
        undefined,
        setup.lender.token,
      );
      return (res.body as { name: string }[]).filter((cycle) => cycle.name === name).length;
    };
    const addCycle = (server: TestServer, name: string, key: string) =>
      call(
        server,
        'POST',
        '/repayment-cycle/add',
        { name, days: 11, lenderBusinessId: setup.lender.businessId },
        setup.lender.token,
        { 'Idempotency-Key': key },
      );

    it('killed after the commit: the retry after the restart gets the stored answer, the work done once', async () => {
      const first = await restart({ MKOPO_FAILPOINTS: 'keyed-after-commit' });
      await expect(
        addCycle(first, 'Killed after commit', 'crash-after-commit-1'),
      ).rejects.toThrow();
      expect(await current!.exited).toBe('SIGKILL');
      const second = await restart({});
      const retry = await addCycle(second, 'Killed after commit', 'crash-after-commit-1');
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await cyclesNamed(second, 'Killed after commit')).toBe(1);
    });

    it('killed before the commit: nothing was done and no claim is left, so the retry does it at once', async () => {
      const first = await restart({ MKOPO_FAILPOINTS: 'keyed-before-commit' });
      await expect(
        addCycle(first, 'Killed before commit', 'crash-before-commit-1'),
      ).rejects.toThrow();
      expect(await current!.exited).toBe('SIGKILL');
      const second = await restart({});
      expect(await cyclesNamed(second, 'Killed before commit')).toBe(0);
      const retry = await addCycle(second, 'Killed before commit', 'crash-before-commit-1');
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await cyclesNamed(second, 'Killed before commit')).toBe(1);
    });
  });
});
