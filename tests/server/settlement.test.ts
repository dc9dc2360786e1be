/**
 * Every M-Pesa payment settles (docs/architecture.md §6), against the real server and database:
 * the simulator's owed callbacks and status answers survive a restart of the app on the
 * same database; a B2C debited but never sent is sent once after a restart (or, when its
 * first send did reach M-Pesa, settled by a status query instead of paid twice); an STK
 * push recorded but never sent is failed; STK pushes without a callback are settled by
 * the STK push query; what the queries cannot settle waits for an administrator's
 * decision (admins only, audit-logged, once); and results are applied for the amount
 * M-Pesa reports. The ledgers reconcile after every test.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money';
import {
  capitalTransactions,
  mpesaRequestEvents,
  mpesaRequests,
  mpesaSimulatorPayments,
} from '../../server/db/schema';
import { postCapital } from '../../server/modules/capital/ledger';
import { MAX_STATUS_QUERIES } from '../../server/modules/mpesa/reconciliation';
import { createRequest } from '../../server/modules/mpesa/requests';
import { MpesaError, type MpesaGateway } from '../../server/mpesa/port';
import {
  adminToken,
  approvedLender,
  registerBorrower,
  type Agent,
  type Lender,
  lendingBook,
} from '../support/fixtures';
import {
  applyForLoan,
  capitalOf,
  deposit,
  eventually,
  ledgerViolations,
  loanStatus,
  mpesaCallback,
} from '../support/money';
import { call, restartApp, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let planId: number;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Achieng',
    plan: { processingFee: 2 },
    capital: 100_000,
  }));
  admin = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(server)).toEqual([]);
});

const db = () => server.database.db;

async function requestById(id: number) {
  const [row] = await db().select().from(mpesaRequests).where(eq(mpesaRequests.id, id));
  return row!;
}

/** The newest request of a kind (the one the last call made). */
async function latestRequest(kind: 'stk' | 'b2c') {
  const [row] = await db()
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.kind, kind))
    .orderBy(sql`${mpesaRequests.id} desc`)
    .limit(1);
  return row!;
}

async function historyOf(id: number): Promise<string[]> {
  const events = await db()
    .select({ kind: mpesaRequestEvents.kind })
    .from(mpesaRequestEvents)
    .where(eq(mpesaRequestEvents.mpesaRequestId, id))
    .orderBy(mpesaRequestEvents.id);
  return events.map((e) => e.kind);
}

/** What the simulated M-Pesa holds about a payment (B2C by OriginatorConversationID). */
async function simulatorRows(kind: 'stk' | 'b2c', reference: string) {
  return db()
    .select()
    .from(mpesaSimulatorPayments)
    .where(
      and(eq(mpesaSimulatorPayments.kind, kind), eq(mpesaSimulatorPayments.reference, reference)),
    );
}

/** Time passes while the server is down: every callback still owed falls due now. */
async function owedCallbacksFallDue() {
  await db()
    .update(mpesaSimulatorPayments)
    .set({ deliverAt: sql`now()` })
    .where(sql`${mpesaSimulatorPayments.deliveredAt} is null`);
}

/** Restarts the app with the simulator delivering after `delayMs`. */
function restartWithDelay(delayMs: number, whileDown?: () => Promise<void>) {
  return restartApp(server, async () => {
    server.config.mpesa.simulatorDelayMs = delayMs;
    await whileDown?.();
  });
}

const sweep = (olderThanMinutes = 0) =>
  call(server, 'POST', '/admin/jobs/mpesa-status', { olderThanMinutes }, admin);

function withdraw(phoneNumber: string, amount: number, as: Lender = lender) {
  return call(
    server,
    'POST',
    '/initiate/request-withdraw',
    { phoneNumber, amount, lenderBusinessId: as.businessId },
    as.token,
  );
}

function stkPush(phoneNumber: string, amount: number, as: Lender = lender) {
  return call(
    server,
    'POST',
    '/initiate/request-stkpush',
    { phoneNumber, amount, lenderBusinessId: as.businessId },
    as.token,
  );
}

/** A B2C debited in its own transaction by the server's own code, as the routes do, and
 * then never sent: what a crash between the commit and the send leaves behind. */
async function withdrawalDebitedButNeverSent(amount: number) {
  return db().transaction(async (tx) => {
    const row = await createRequest(tx, {
      kind: 'b2c',
      purpose: 'withdrawal',
      lenderBusinessId: lender.businessId,
      userId: lender.id,
      phoneNumber: '254712345678',
      amount: amount * 100,
    });
    await postCapital(tx, {
      lenderBusinessId: lender.businessId,
      source: 'withdrawal',
      amount: -amount * 100,
      reference: 'Withdrawal to M-Pesa',
      mpesaRequestId: row.id,
    });
    return row;
  });
}

/** Past the grace that protects a send in flight on another instance (PostgreSQL). */
async function createdMinutesAgo(id: number, minutes: number) {
  await db()
    .update(mpesaRequests)
    .set({ createdAt: sql`${mpesaRequests.createdAt} - ${minutes} * interval '1 minute'` })
    .where(eq(mpesaRequests.id, id));
}

describe('the simulator keeps what it owes across a restart', () => {
  it('delivers a deposit’s and a withdrawal’s callbacks after the app restarts on the same database', async () => {
    const before = await capitalOf(server, lender);
    await restartWithDelay(60_000);
    expect((await stkPush('0712345678', 1_000)).status).toBe(200);
    const stk = await latestRequest('stk');
    expect((await withdraw('0712345678', 400)).status).toBe(200);
    const b2c = await latestRequest('b2c');
    expect(await capitalOf(server, lender)).toBe(before - 400);

    // The app stops with both callbacks owed; they fall due while it is down.
    await restartWithDelay(10, owedCallbacksFallDue);
    await eventually(async () => (await requestById(b2c.id)).status === 'succeeded');
    await eventually(async () => (await requestById(stk.id)).status === 'succeeded');
    expect(await capitalOf(server, lender)).toBe(before + 1_000 - 400);
    const [stkOwed] = await simulatorRows('stk', stk.checkoutRequestId!);
    const [b2cOwed] = await simulatorRows('b2c', b2c.originatorConversationId!);
    expect(stkOwed).toMatchObject({ attempts: 1 });
    expect(b2cOwed).toMatchObject({ attempts: 1 });
    expect(stkOwed!.deliveredAt).toBeInstanceOf(Date);
    expect(b2cOwed!.deliveredAt).toBeInstanceOf(Date);
    expect(await historyOf(b2c.id)).toEqual(['created', 'sent', 'result']);
  });

  it('sends a refused callback again later', async () => {
    const before = await capitalOf(server, lender);
    await restartWithDelay(60_000);
    expect((await stkPush('0712345678', 700)).status).toBe(200);
    const stk = await latestRequest('stk');
    const owed = eq(mpesaSimulatorPayments.reference, stk.checkoutRequestId!);
    const [row] = await db().select().from(mpesaSimulatorPayments).where(owed);
    // The callback goes to a path the server refuses (404)…
    await db()
      .update(mpesaSimulatorPayments)
      .set({
        callbackUrl: row!.callbackUrl.replace('/callback/', '/callback/not-the-secret-'),
        deliverAt: sql`now()`,
      })
      .where(owed);
    await eventually(async () => {
      const [refused] = await db().select().from(mpesaSimulatorPayments).where(owed);
      return refused!.attempts >= 1 && refused!.deliveredAt === null;
    });
    expect((await requestById(stk.id)).status).toBe('pending');
    // …until it reaches the right one again: the next attempt delivers it.
    await db().update(mpesaSimulatorPayments).set({ callbackUrl: row!.callbackUrl }).where(owed);
    await eventually(async () => (await requestById(stk.id)).status === 'succeeded');
    const [delivered] = await db().select().from(mpesaSimulatorPayments).where(owed);
    expect(delivered!.attempts).toBeGreaterThanOrEqual(2);
    expect(await capitalOf(server, lender)).toBe(before + 700);
    await restartWithDelay(10);
  });

  it('answers a status query after a restart about a payment made before it (0700000003)', async () => {
    const before = await capitalOf(server, lender);
    await restartWithDelay(60_000);
    expect((await withdraw('0700000003', 300)).status).toBe(200);
    const b2c = await latestRequest('b2c');
    // The queue timeout is owed when the app stops; after the restart it arrives, and the
    // status query is answered from the simulator's table.
    await restartWithDelay(10, owedCallbacksFallDue);
    const settled = await eventually(async () => {
      const row = await requestById(b2c.id);
      return row.status === 'succeeded' ? row : null;
    });
    expect(settled.resultDesc).toBe('Transaction status query: Completed');
    expect(settled.receipt).toMatch(/^S[0-9A-F]{9}$/);
    expect(await capitalOf(server, lender)).toBe(before - 300);
    // The query's answer is a callback that may arrive before the query's own record has
    // committed (the simulator owes it 10 ms after the query), so those two may come in
    // either order; everything else has one.
    const history = await historyOf(b2c.id);
    expect(history.slice(0, 3)).toEqual(['created', 'sent', 'timed_out']);
    expect([...history.slice(3, 5)].sort()).toEqual(['status_queried', 'status_result']);
    expect(history.slice(5)).toEqual(['result']);
  });
});

describe('recovery of requests a crash left unsent', () => {
  it('sends a B2C debited but never sent once, at the next start, with its own id', async () => {
    const before = await capitalOf(server, lender);
    const request = await withdrawalDebitedButNeverSent(600);
    await createdMinutesAgo(request.id, 5);
    expect(await capitalOf(server, lender)).toBe(before - 600);
    expect(await simulatorRows('b2c', request.originatorConversationId!)).toHaveLength(0);

    await restartApp(server);
    await eventually(async () => (await requestById(request.id)).status === 'succeeded');
    expect(await simulatorRows('b2c', request.originatorConversationId!)).toHaveLength(1);
    expect(await requestById(request.id)).toMatchObject({ sendAttempts: 1 });
    expect(await historyOf(request.id)).toEqual(['created', 'sent', 'result']);
    expect(await capitalOf(server, lender)).toBe(before - 600);
    // Nothing is left to send: the sweep resends nothing.
    expect((await sweep()).body).toMatchObject({ resent: 0 });
  });

  it('settles by a status query, not by paying twice, a B2C whose first send reached M-Pesa', async () => {
    const before = await capitalOf(server, lender);
    await restartWithDelay(60_000);
    expect((await withdraw('0712345678', 800)).status).toBe(200);
    const sent = await latestRequest('b2c');
    // The crash came after M-Pesa accepted it and before its ConversationID was saved.
    await db()
      .update(mpesaRequests)
      .set({ conversationId: null, sentAt: null })
      .where(eq(mpesaRequests.id, sent.id));
    await createdMinutesAgo(sent.id, 5);

    await restartWithDelay(10);
    const settled = await eventually(async () => {
      const row = await requestById(sent.id);
      return row.status === 'succeeded' ? row : null;
    });
    // M-Pesa refused the reused id, so the server asked how the first send ended.
    expect(await simulatorRows('b2c', sent.originatorConversationId!)).toHaveLength(1);
    expect(settled).toMatchObject({ sendAttempts: 2, statusQueries: 1 });
    expect(await historyOf(sent.id)).toEqual(
      expect.arrayContaining(['send_failed', 'timed_out', 'status_queried', 'result']),
    );
    expect(await capitalOf(server, lender)).toBe(before - 800);
    const debits = await db()
      .select()
      .from(capitalTransactions)
      .where(eq(capitalTransactions.mpesaRequestId, sent.id));
    expect(debits.map((d) => [d.source, toCents(d.amount)])).toEqual([['withdrawal', -80_000]]);
  });

  it('fails an STK push recorded but never sent: nothing is credited', async () => {
    const before = await capitalOf(server, lender);
    const request = await db().transaction((tx) =>
      createRequest(tx, {
        kind: 'stk',
        purpose: 'deposit',
        lenderBusinessId: lender.businessId,
        userId: lender.id,
        phoneNumber: '254712345678',
        amount: 50_000,
      }),
    );
    // Within the grace another instance may still be sending it: left alone.
    expect((await sweep(1)).body).toMatchObject({ neverSent: 0 });
    await createdMinutesAgo(request.id, 5);
    expect((await sweep(1)).body).toMatchObject({ neverSent: 1 });
    expect(await requestById(request.id)).toMatchObject({
      status: 'failed',
      resultCode: 'never-sent',
    });
    expect(await historyOf(request.id)).toEqual(['created', 'never_sent']);
    expect(await capitalOf(server, lender)).toBe(before);
  });
});

describe('STK pushes whose callback never comes', () => {
  it('are credited once when the STK push query finds them paid (0700000006)', async () => {
    const before = await capitalOf(server, lender);
    expect((await stkPush('0700000006', 2_000)).status).toBe(200);
    const stk = await latestRequest('stk');
    // Not overdue yet: left alone.
    expect((await sweep(60)).body).toMatchObject({ stkQueried: 0 });
    expect((await sweep()).body).toMatchObject({ stkQueried: 1 });
    expect(await requestById(stk.id)).toMatchObject({ status: 'succeeded', statusQueries: 1 });
    expect(await capitalOf(server, lender)).toBe(before + 2_000);
    // Settled: asked no more, and a late callback changes nothing.
    expect((await sweep()).body).toMatchObject({ stkQueried: 0 });
    expect(await historyOf(stk.id)).toEqual([
      'created',
      'sent',
      'status_queried',
      'status_result',
      'result',
    ]);
  });

  it('are left pending while the query says the payer has not answered (0700000007)', async () => {
    const before = await capitalOf(server, lender);
    expect((await stkPush('0700000007', 900)).status).toBe(200);
    const stk = await latestRequest('stk');
    expect((await sweep()).body).toMatchObject({ stkQueried: 1 });
    expect(await requestById(stk.id)).toMatchObject({ status: 'pending', statusQueries: 1 });
    expect(await capitalOf(server, lender)).toBe(before);
    // Settled by hand below (payments needing a decision); fail it now for a clean slate.
    await exhaustQueries(stk.id);
    await decide(stk.id, { outcome: 'failed', reason: 'The payer never answered the prompt.' });
  });
});

async function exhaustQueries(id: number) {
  for (let i = 0; i < MAX_STATUS_QUERIES; i += 1) {
    if ((await requestById(id)).statusQueries >= MAX_STATUS_QUERIES) break;
    await sweep();
  }
  // The last status answers arrive by callback: wait for them.
  await eventually(async () => {
    const events = await historyOf(id);
    return (
      events.filter((e) => e === 'status_result').length >=
      events.filter((e) => e === 'status_queried').length
    );
  });
}

function decide(
  id: number,
  body: Record<string, unknown>,
  token = admin,
  headers: Record<string, string> = {},
) {
  return call(server, 'POST', `/admin/mpesa/requests/${id}/decide`, body, token, headers);
}

describe('payments needing a decision', () => {
  it('lists what the status queries could not settle, for admins only, and settles each once by an audited decision', async () => {
    const before = await capitalOf(server, lender);
    // A withdrawal whose result is lost and which status queries never find (0700000005)…
    expect((await withdraw('0700000005', 1_500)).status).toBe(200);
    const b2c = await latestRequest('b2c');
    // …and an STK push the payer never answers (0700000007).
    expect((await stkPush('0700000007', 2_500)).status).toBe(200);
    const stk = await latestRequest('stk');
    expect(await capitalOf(server, lender)).toBe(before - 1_500);

    const list = () => call(server, 'GET', '/admin/mpesa/decisions', undefined, admin);
    expect((await list()).body.map((p: { id: number }) => p.id)).not.toContain(b2c.id);
    // While M-Pesa is still being asked, an administrator cannot decide.
    const early = await decide(b2c.id, { outcome: 'failed', reason: 'Checked the portal today.' });
    expect(early.status).toBe(409);

    await exhaustQueries(b2c.id);
    await exhaustQueries(stk.id);
    const listed = await list();
    expect(listed.status).toBe(200);
    const ids = listed.body.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([b2c.id, stk.id]));
    const shown = listed.body.find((p: { id: number }) => p.id === b2c.id);
    expect(shown).toMatchObject({
      kind: 'b2c',
      purpose: 'withdrawal',
      status: 'pending',
      amount: 1_500,
      statusQueries: MAX_STATUS_QUERIES,
      business: { id: lender.businessId, businessName: 'Achieng Capital' },
      initiatedBy: lender.email,
    });
    expect(shown.events.map((e: { kind: string }) => e.kind).slice(0, 3)).toEqual([
      'created',
      'sent',
      'status_queried',
    ]);

    // Only administrators see or decide.
    expect(
      (await call(server, 'GET', '/admin/mpesa/decisions', undefined, lender.token)).status,
    ).toBe(403);
    expect(
      (await call(server, 'GET', '/admin/mpesa/decisions', undefined, agent.token)).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/admin/mpesa/decisions')).status).toBe(401);
    const byLender = await decide(
      b2c.id,
      { outcome: 'failed', reason: 'Not mine to decide.' },
      lender.token,
    );
    expect(byLender.status).toBe(403);

    // A decision needs a reason, and "paid" a receipt.
    expect((await decide(b2c.id, { outcome: 'failed', reason: '' })).status).toBe(400);
    const noReceipt = await decide(b2c.id, {
      outcome: 'paid',
      reason: 'Seen in the M-Pesa portal.',
    });
    expect(noReceipt.status).toBe(400);
    expect(noReceipt.body.errors).toHaveProperty('receipt');
    expect((await decide(b2c.id, { outcome: 'maybe', reason: 'Seen in the portal.' })).status).toBe(
      400,
    );
    expect(
      (await decide(999_999, { outcome: 'failed', reason: 'No such payment here.' })).status,
    ).toBe(404);

    // Failed: the withdrawal is reversed; a replay of the same key answers the same.
    const key = { 'Idempotency-Key': `decide-${b2c.id}-failed` };
    const reason = 'Safaricom support confirmed the payment never left the B2C account.';
    const failed = await decide(b2c.id, { outcome: 'failed', reason }, admin, key);
    expect(failed.status).toBe(200);
    expect(failed.body.message).toBe('The payment is marked as failed and reversed.');
    const replayed = await decide(b2c.id, { outcome: 'failed', reason }, admin, key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await capitalOf(server, lender)).toBe(before);
    expect(await requestById(b2c.id)).toMatchObject({
      status: 'failed',
      resultCode: 'decided-failed',
      decisionReason: reason,
    });
    expect((await historyOf(b2c.id)).slice(-2)).toEqual(['result', 'decided']);
    // Settled: a second decision is refused.
    const again = await decide(b2c.id, { outcome: 'paid', receipt: 'SKD1234567', reason });
    expect(again.status).toBe(409);

    // Paid: the STK deposit is credited, with the receipt the admin read.
    const paid = await decide(stk.id, {
      outcome: 'paid',
      receipt: 'skd7654321',
      reason: 'The payment shows in the paybill statement.',
    });
    expect(paid.status).toBe(200);
    expect(await requestById(stk.id)).toMatchObject({ status: 'succeeded', receipt: 'SKD7654321' });
    expect(await capitalOf(server, lender)).toBe(before + 2_500);

    const left = (await list()).body.map((p: { id: number }) => p.id);
    expect(left).not.toContain(b2c.id);
    expect(left).not.toContain(stk.id);
    const audit = await call(server, 'GET', '/admin/audit-logs?limit=100', undefined, admin);
    const entries = audit.body.data.filter(
      (e: { subjectType: string }) => e.subjectType === 'mpesa_request',
    );
    expect(
      entries.map((e: { action: string; subjectId: number }) => [e.action, e.subjectId]),
    ).toEqual(
      expect.arrayContaining([
        ['mpesa.decide_failed', b2c.id],
        ['mpesa.decide_paid', stk.id],
      ]),
    );
    expect(entries.filter((e: { subjectId: number }) => e.subjectId === b2c.id)).toHaveLength(1);
  });

  it('returns a disbursement decided failed to pending, its debit reversed', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
      phoneNumber: '0700000005',
    });
    const before = await capitalOf(server, lender);
    const loan = await applyForLoan(server, agent, lender, {
      borrowerId: borrower.id,
      planId,
      principal: 1_000,
    });
    const approved = await call(
      server,
      'PUT',
      `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
      undefined,
      lender.token,
    );
    expect(approved.status).toBe(200);
    const b2c = await latestRequest('b2c');
    expect(await capitalOf(server, lender)).toBe(before - 980);
    await exhaustQueries(b2c.id);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('disbursing');
    const decided = await decide(b2c.id, {
      outcome: 'failed',
      reason: 'The borrower’s number is not registered for M-Pesa.',
    });
    expect(decided.status).toBe(200);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('pending');
    expect(await capitalOf(server, lender)).toBe(before);
    await call(server, 'PUT', `/loan/reject/${loan.id}`, undefined, lender.token);
  });
});

describe('results are applied for the amount M-Pesa reports', () => {
  const stkPaid = (checkoutRequestId: string, amount: number) =>
    mpesaCallback(server, 'stk', {
      Body: {
        stkCallback: {
          MerchantRequestID: 'diff-1',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: amount },
              { Name: 'MpesaReceiptNumber', Value: 'SDIFF00001' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261122101500 },
              { Name: 'PhoneNumber', Value: 254700000006 },
            ],
          },
        },
      },
    });
  const b2cPaid = (originatorConversationId: string, amount: number, receipt: string) =>
    mpesaCallback(server, 'b2c/result', {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: originatorConversationId,
        ConversationID: `AG_DIFF_${receipt}`,
        TransactionID: receipt,
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: amount },
            { Key: 'TransactionReceipt', Value: receipt },
          ],
        },
      },
    });
  const differences = async () =>
    (await call(server, 'GET', '/admin/mpesa/amount-differences', undefined, admin)).body as {
      id: number;
      reportedAmount: number;
      difference: { requested: number; reported: number; posted: number; unposted: number };
    }[];

  it('credits an STK deposit with the amount paid, not the amount asked', async () => {
    const before = await capitalOf(server, lender);
    // The simulator loses this callback (0700000006): M-Pesa's own is posted here.
    expect((await stkPush('0700000006', 1_000)).status).toBe(200);
    const stk = await latestRequest('stk');
    expect((await stkPaid(stk.checkoutRequestId!, 900)).status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before + 900);
    expect(await requestById(stk.id)).toMatchObject({
      status: 'succeeded',
      reportedAmount: '900.00',
    });
    const [shown] = (await differences()).filter((d) => d.id === stk.id);
    expect(shown).toMatchObject({
      reportedAmount: 900,
      difference: { requested: 1_000, reported: 900, posted: -100, unposted: 0 },
    });
  });

  it('posts back what a B2C paid less, debits what it paid more, and leaves for an admin what the capital cannot cover', async () => {
    const before = await capitalOf(server, lender);
    // Paid less: the difference comes back to the capital.
    expect((await withdraw('0700000005', 1_000)).status).toBe(200);
    const less = await latestRequest('b2c');
    expect((await b2cPaid(less.originatorConversationId!, 990, 'SLESS00001')).status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before - 990);
    // Paid more: the excess leaves the capital too.
    expect((await withdraw('0700000005', 1_000)).status).toBe(200);
    const more = await latestRequest('b2c');
    expect((await b2cPaid(more.originatorConversationId!, 1_010, 'SMORE00001')).status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before - 990 - 1_010);

    // Paid more than the business has left: never below zero, recorded for an admin.
    const small = await approvedLender(server, 'Wekesa');
    await deposit(server, small, 500);
    expect((await withdraw('0700000005', 500, small)).status).toBe(200);
    const over = await latestRequest('b2c');
    expect((await b2cPaid(over.originatorConversationId!, 520, 'SOVER00001')).status).toBe(200);
    expect(await capitalOf(server, small)).toBe(0);
    expect(await requestById(over.id)).toMatchObject({
      status: 'succeeded',
      reportedAmount: '520.00',
    });

    const shown = await differences();
    const of = (id: number) => shown.find((d) => d.id === id)?.difference;
    expect(of(less.id)).toEqual({ requested: 1_000, reported: 990, posted: 10, unposted: 0 });
    expect(of(more.id)).toEqual({ requested: 1_000, reported: 1_010, posted: -10, unposted: 0 });
    expect(of(over.id)).toEqual({ requested: 500, reported: 520, posted: 0, unposted: -20 });
    expect(await historyOf(over.id)).toEqual(['created', 'sent', 'result', 'amount_differs']);
  });
});

describe('STK pushes M-Pesa did not answer', () => {
  it('are credited when a callback comes for that phone and amount, and otherwise wait for a decision', async () => {
    // A Daraja that takes the push but answers too late: the outcome is unknown.
    const slow: MpesaGateway = {
      kind: 'daraja',
      stkPush: () =>
        Promise.reject(new MpesaError('Daraja did not answer in time.', { outcomeUnknown: true })),
      b2c: () => Promise.reject(new Error('not used')),
      transactionStatus: () => Promise.reject(new Error('not used')),
      stkStatus: () => Promise.reject(new Error('not used')),
    };
    const other = await startTestServer({}, { mpesa: slow });
    try {
      const owner = await approvedLender(other, 'Wairimu');
      const adminOfOther = await adminToken(other);
      const push = (phoneNumber: string, amount: number) =>
        call(
          other,
          'POST',
          '/initiate/request-stkpush',
          { phoneNumber, amount, lenderBusinessId: owner.businessId },
          owner.token,
        );
      const answered = await push('0712000111', 1_500);
      expect(answered.status).toBe(200);
      expect(answered.body.message).toBe(
        'M-Pesa did not answer in time. If a prompt reaches the phone, complete it: the money is added once M-Pesa confirms.',
      );
      // The payer completes the prompt: M-Pesa's callback names a CheckoutRequestID we
      // never learned; it is matched by phone number and amount, and credited once.
      const paid = {
        Body: {
          stkCallback: {
            MerchantRequestID: 'late-1',
            CheckoutRequestID: 'ws_CO_NEVER_SEEN_1',
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 1_500 },
                { Name: 'MpesaReceiptNumber', Value: 'SLATE00001' },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261122101500 },
                { Name: 'PhoneNumber', Value: 254712000111 },
              ],
            },
          },
        },
      };
      expect((await mpesaCallback(other, 'stk', paid)).status).toBe(200);
      expect((await mpesaCallback(other, 'stk', paid)).status).toBe(200); // a repeat
      expect(await capitalOf(other, owner)).toBe(1_500);

      // A second unanswered push whose callback never comes goes to the admins.
      expect((await push('0712000222', 800)).status).toBe(200);
      const swept = await call(
        other,
        'POST',
        '/admin/jobs/mpesa-status',
        { olderThanMinutes: 0 },
        adminOfOther,
      );
      expect(swept.body).toMatchObject({ neverSent: 0 });
      const waiting = await call(other, 'GET', '/admin/mpesa/decisions', undefined, adminOfOther);
      expect(
        (waiting.body as { phoneNumber: string; amount: number }[]).map((r) => [
          r.phoneNumber,
          r.amount,
        ]),
      ).toEqual([['254712000222', 800]]);
      expect(await capitalOf(other, owner)).toBe(1_500);
      expect(await ledgerViolations(other)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
