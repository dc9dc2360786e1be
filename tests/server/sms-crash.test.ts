/**
 * A notice is written in the transaction of the money event that causes it and sent after
 * commit, so a crash neither loses nor doubles it. The real server (`server/main.ts`) on an
 * embedded database is killed (SIGKILL) inside a repayment's transaction, and after a
 * repayment and its receipt committed but before the receipt was sent; each time M-Pesa
 * sends the confirmation again, as it does when no answer came, and the restarted server
 * must end with one payment and one receipt, sent once.
 *
 * PGlite only, as crash.test.ts (the main process opens the embedded database).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { loanPayments, smsMessages } from '../../server/db/schema';
import { ledgerViolations, disbursedLoan, deposit, eventually, pay } from '../support/money';
import { listening, freePort, startMain, type MainProcess } from '../support/main-process';
import { messagesOf } from '../support/sms';
import { usingPostgres, type TestServer } from '../support/test-server';
import { FOUR_WEEKS, lendingBook, newBorrower, type LendingBook } from '../support/fixtures';

// Each test kills and starts server processes (each opens and migrates its database): slow by
// nature, and more so on a loaded machine. The default 30 s is for tests of one request.
vi.setConfig({ testTimeout: 90_000 });

describe.skipIf(usingPostgres())('an SMS notice through a crash', () => {
  let dataDir: string;
  let port: number;
  let current: MainProcess | undefined;
  let world: LendingBook;

  /** Starts the server again; quiet hours off, so the answer does not depend on the hour. */
  async function restart(env: Record<string, string> = {}): Promise<TestServer> {
    if (current) await current.stop('SIGTERM');
    current = await listening(
      startMain(
        {
          MPESA_SIM_DELAY_MS: '10',
          SMS_QUIET_HOURS: '0-0',
          ...env,
        },
        { dataDir, port },
      ),
    );
    return current.server;
  }

  /** The count of simulator sends of this text in a server's log. */
  const sendsOf = (server: TestServer, body: string) =>
    server.logs.filter(
      (line) =>
        line.msg === 'SMS' && (line.sms as { message?: string } | undefined)?.message === body,
    ).length;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-sms-crash-'));
    port = await freePort();
    const server = await restart();
    world = await lendingBook(server, { name: 'Chebet', plan: FOUR_WEEKS });
    await deposit(server, world.lender, 30_000);
  });
  afterAll(async () => {
    if (current) await current.stop('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function loanWithNotice(server: TestServer) {
    const borrower = await newBorrower(server, world);
    const loan = await disbursedLoan(server, world.agent, world.lender, {
      borrowerId: borrower.id,
      planId: world.planId,
      principal: 2000,
    });
    await eventually(
      async () => (await messagesOf(server, world.lender, loan.id))[0]?.status === 'sent',
    );
    return loan;
  }

  /** Pays on a server that dies at `failpoint`, restarts it, and pays again (M-Pesa's retry). */
  async function payThroughCrash(failpoint: string) {
    const loan = await loanWithNotice(await restart());
    const first = await restart({ MKOPO_FAILPOINTS: failpoint });
    const payment = {
      paybill: world.lender.paybill,
      account: loan.loanCode,
      amount: 700,
      transId: `S${randomBytes(5).toString('hex').toUpperCase()}`,
    };
    // Killed before the answer (in the transaction) or just after it (the send follows it).
    await pay(first, payment).catch(() => undefined);
    expect(await current!.exited).toBe('SIGKILL');
    const second = await restart();
    expect((await pay(second, payment)).status).toBe(200);
    const messages = await eventually(async () => {
      const all = await messagesOf(second, world.lender, loan.id);
      return all.length === 2 && all[1]!.status === 'sent' && all;
    });
    // Nothing more comes afterwards (a resend, a sweep): give the server a pass to do it.
    expect((await pay(second, payment)).status).toBe(200);
    expect(await messagesOf(second, world.lender, loan.id)).toHaveLength(2);
    expect(messages[1]!.body).toContain('we received KES 700.00');
    expect(sendsOf(second, messages[1]!.body)).toBe(1);

    await current!.stop('SIGTERM');
    current = undefined;
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const payments = await database.db
        .select()
        .from(loanPayments)
        .where(eq(loanPayments.loanId, loan.id));
      const receipts = await database.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.loanId, loan.id));
      expect(payments).toHaveLength(1);
      expect(receipts.filter((m) => m.kind === 'payment_received')).toHaveLength(1);
      expect(await ledgerViolations({ database } as TestServer)).toEqual([]);
    } finally {
      await database.close();
    }
  }

  it('killed inside the repayment’s transaction: neither the payment nor its receipt stays, and the retry writes both once', async () => {
    await payThroughCrash('repayment-before-commit');
  });

  it('killed after the commit, before the send: the restarted server sends the receipt once', async () => {
    await payThroughCrash('sms-before-send');
  });
});
