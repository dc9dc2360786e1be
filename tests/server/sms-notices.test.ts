/**
 * The borrower's SMS notices (the README's "Money and M-Pesa") through the real server, its
 * simulator adapter and a clock the test moves: each notice once, to the borrower's own number,
 * with the right figures, in the borrower's language; quiet hours hold messages until 07:00;
 * reminders 3 days before and on the due day, at most one a day; the overdue notice once; opting
 * out stops reminders but not receipts; reruns, races and a second instance send nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { mpesaRequests, smsMessages } from '../../server/db/schema';
import { inQuietHours, smsOutbox } from '../../server/modules/sms/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  approvedLender,
  registerBorrower,
  FOUR_WEEKS,
  lendingBook,
  newBorrower,
  type LendingBook,
} from '../support/fixtures';
import { deposit, disbursedLoan, eventually, mpesaCallback, pay } from '../support/money';
import { messagesOf, nairobiDay, nairobiTime, testClock, type SmsView } from '../support/sms';
import {
  call,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from '../support/test-server';

const today = nairobiDay(new Date());
const clock = testClock(nairobiTime(today, '10:00'));
let server: TestServer;
let world: LendingBook;

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' }, { now: clock.now });
  world = await lendingBook(server, { name: 'Otieno', plan: FOUR_WEEKS });
  await deposit(server, world.lender, 200_000);
});
afterAll(async () => {
  await server?.close();
});

const transId = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

async function newLoan(principal = 5000, language?: 'sw') {
  const borrower = await newBorrower(server, world);
  if (language) {
    const res = await call(
      server,
      'PATCH',
      `/borrower/${borrower.id}/sms-language`,
      { language },
      world.agent.token,
    );
    expect(res.status).toBe(200);
  }
  const loan = await disbursedLoan(server, world.agent, world.lender, {
    borrowerId: borrower.id,
    planId: world.planId,
    principal,
  });
  const list = await call(
    server,
    'GET',
    `/loan/from-lender-business/${world.lender.businessId}`,
    undefined,
    world.lender.token,
  );
  const dueDate = list.body.find((l: { id: number }) => l.id === loan.id).dueDate as string;
  return { borrower, loan, dueDate };
}

/** The loan's messages once none is waiting to be sent. */
async function settledMessages(loanId: number, count: number): Promise<SmsView[]> {
  return eventually(async () => {
    const messages = await messagesOf(server, world.lender, loanId);
    return (
      messages.length === count &&
      messages.every((m) => m.status !== 'queued' && m.status !== 'sending') &&
      messages
    );
  });
}

async function runJob(on: TestServer = server) {
  const res = await call(on, 'POST', '/admin/jobs/sms', undefined, await adminToken(on));
  expect(res.status).toBe(200);
  return res.body as { reminders: number; overdue: number; interrupted: number };
}

/**
 * Runs of the job at the same moment: on PostgreSQL the advisory lock lets one run and
 * answers the others 409; on the embedded database they all run. Either way one ran.
 */
async function runJobsAtOnce(...on: TestServer[]) {
  const token = await adminToken(server);
  const answers = await Promise.all(
    on.map((instance) => call(instance, 'POST', '/admin/jobs/sms', undefined, token)),
  );
  for (const answer of answers) expect([200, 409]).toContain(answer.status);
  expect(answers.some((answer) => answer.status === 200)).toBe(true);
}

const payLoan = (loanCode: string, amount: number, id = transId()) =>
  pay(server, { paybill: world.lender.paybill, account: loanCode, amount, transId: id });

describe('notices', () => {
  it('tells the borrower, on their own number, what was sent, what to repay, by when and where', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { borrower, loan, dueDate } = await newLoan(5000);
    const [notice] = await settledMessages(loan.id, 1);
    expect(notice).toMatchObject({
      kind: 'disbursed',
      status: 'sent',
      language: 'en',
      phoneNumber: borrower.phoneNumber,
      cost: { currency: 'KES', amount: '0.0000' },
    });
    const due = nairobiDay(dueDate).split('-').reverse().join('/');
    // Principal 5,000: fee 2% = 100, interest 10% = 500.
    expect(notice!.body).toBe(
      `Mkopo: your loan ${loan.loanCode} from Otieno Capital is approved and KES 4,900.00 has been sent to your M-Pesa. ` +
        `Repay KES 5,500.00 by ${due}: Paybill ${world.lender.paybill}, Account ${loan.loanCode}. ` +
        `Total cost of credit KES 600.00 (fee KES 100.00 + interest KES 500.00).`,
    );
  });

  it('writes the disbursement notice once when M-Pesa repeats its result', async () => {
    clock.set(nairobiTime(today, '10:30'));
    const { loan } = await newLoan(1300);
    await settledMessages(loan.id, 1);
    const [request] = await server.database.db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.loanId, loan.id), eq(mpesaRequests.purpose, 'disbursement')));
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: request!.originatorConversationId,
        ConversationID: request!.conversationId,
        TransactionID: request!.receipt ?? 'RKL0000000',
      },
    };
    const answers = await Promise.all([
      mpesaCallback(server, 'b2c/result', result),
      mpesaCallback(server, 'b2c/result', result),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await runJob();
    expect((await messagesOf(server, world.lender, loan.id)).map((m) => m.kind)).toEqual([
      'disbursed',
    ]);
  });

  it('sends a receipt with the new balance for each payment once, and "repaid" once', async () => {
    clock.set(nairobiTime(today, '11:00'));
    const { loan } = await newLoan(5000);
    await settledMessages(loan.id, 1);
    const first = transId();
    // The same confirmation three times, two at once: one payment, one receipt.
    const answers = await Promise.all([
      payLoan(loan.loanCode, 2000, first),
      payLoan(loan.loanCode, 2000, first),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await payLoan(loan.loanCode, 2000, first);
    await payLoan(loan.loanCode, 3500);
    const messages = await settledMessages(loan.id, 4);
    expect(messages.map((m) => m.kind)).toEqual([
      'disbursed',
      'payment_received',
      'payment_received',
      'repaid',
    ]);
    expect(messages[1]!.body).toBe(
      `Mkopo: we received KES 2,000.00 for loan ${loan.loanCode}. Balance KES 3,500.00. Thank you.`,
    );
    expect(messages[2]!.body).toContain('Balance KES 0.00');
    expect(messages[3]!.body).toBe(`Mkopo: loan ${loan.loanCode} is fully repaid. Thank you.`);
    // An overpayment after that: a receipt, no second "repaid".
    await payLoan(loan.loanCode, 100);
    const after = await settledMessages(loan.id, 5);
    expect(after.filter((m) => m.kind === 'repaid')).toHaveLength(1);
  });

  it('sends one receipt for a payment the lender matches by hand, even when matched twice at once', async () => {
    clock.set(nairobiTime(today, '11:30'));
    const { loan } = await newLoan(2000);
    await settledMessages(loan.id, 1);
    const id = transId();
    await pay(server, {
      paybill: world.lender.paybill,
      account: 'MISTYPED',
      amount: 600,
      transId: id,
    });
    const list = await call(
      server,
      'GET',
      '/loan-repayment-transaction/get-transactions',
      undefined,
      world.lender.token,
    );
    const row = list.body.find((r: { transactionDetails: string }) => r.transactionDetails === id);
    const match = () =>
      call(
        server,
        'POST',
        '/manual-match/transaction',
        { loanId: loan.id, mpesaLoanRepaymentId: row.id },
        world.lender.token,
      );
    const answers = await Promise.all([match(), match()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [, receipt] = await settledMessages(loan.id, 2);
    expect(receipt!.body).toContain('we received KES 600.00');
  });

  it('writes in Swahili to a borrower who reads Swahili', async () => {
    clock.set(nairobiTime(today, '12:00'));
    const { loan } = await newLoan(3000, 'sw');
    await payLoan(loan.loanCode, 1000);
    const [disbursed, receipt] = await settledMessages(loan.id, 2);
    expect(disbursed).toMatchObject({ language: 'sw' });
    expect(disbursed!.body).toContain('zimetumwa kwa M-Pesa yako');
    expect(receipt!.body).toContain(`tumepokea KES 1,000.00 kwa mkopo ${loan.loanCode}`);
  });

  it('writes in Swahili to a borrower the agent registered with language sw', async () => {
    clock.set(nairobiTime(today, '12:00'));
    const { agent, lender, areaId, planId } = world;
    const refused = await registerBorrower(server, agent.token, lender.businessId, areaId, {
      language: 'fr',
    }).catch((error: unknown) => error);
    expect(String(refused)).toContain('Choose en (English) or sw (Kiswahili).');
    const borrower = await registerBorrower(server, agent.token, lender.businessId, areaId, {
      language: 'sw',
    });
    expect(borrower).toMatchObject({ language: 'sw' });
    const loan = await disbursedLoan(server, agent, lender, {
      borrowerId: borrower.id,
      planId,
      principal: 2000,
    });
    const [disbursed] = await settledMessages(loan.id, 1);
    expect(disbursed).toMatchObject({ language: 'sw' });
    expect(disbursed!.body).toContain(`Mkopo: mkopo wako ${loan.loanCode} kutoka`);
    expect(disbursed!.body).toContain('zimetumwa kwa M-Pesa yako');
  });
});

describe('quiet hours', () => {
  it('run from 20:00 to 07:00 in Nairobi, or as SMS_QUIET_HOURS says', () => {
    const at = (time: string) => nairobiTime('2026-12-01', time);
    expect(
      ['19:59', '20:00', '23:30', '00:00', '06:59', '07:00'].map((t) => inQuietHours(at(t))),
    ).toEqual([false, true, true, true, true, false]);
    expect(inQuietHours(at('13:00'), { from: 13, until: 14 })).toBe(true);
    expect(inQuietHours(at('14:00'), { from: 13, until: 14 })).toBe(false);
    expect(inQuietHours(at('03:00'), { from: 0, until: 0 })).toBe(false);
  });

  it('holds what is written between 20:00 and 07:00 and sends it from 07:00', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { loan } = await newLoan(4000);
    await settledMessages(loan.id, 1);
    clock.set(nairobiTime(today, '21:30'));
    await payLoan(loan.loanCode, 1000);
    await runJob();
    let messages = await messagesOf(server, world.lender, loan.id);
    expect(messages.map((m) => m.status)).toEqual(['sent', 'queued']);
    // The waiting message already shows the text it will carry.
    expect(messages[1]!.body).toContain('we received KES 1,000.00');
    clock.set(nairobiTime(nairobiDay(today, 1), '06:59'));
    await runJob();
    messages = await messagesOf(server, world.lender, loan.id);
    expect(messages[1]!.status).toBe('queued');
    clock.set(nairobiTime(nairobiDay(today, 1), '07:00'));
    await runJob();
    messages = await messagesOf(server, world.lender, loan.id);
    expect(messages[1]!.status).toBe('sent');
  });
});

describe('a pass that reaches 20:00', () => {
  it('stops between two messages: the second waits for the morning', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { borrower, loan } = await newLoan(3000);
    await settledMessages(loan.id, 1);
    const db = server.database.db;
    await db.insert(smsMessages).values(
      ['first', 'second'].map((name) => ({
        lenderBusinessId: world.lender.businessId,
        loanId: loan.id,
        borrowerId: borrower.id,
        phoneNumber: borrower.phoneNumber,
        kind: 'repaid' as const,
        language: 'en' as const,
        params: { loanCode: loan.loanCode },
        dedupeKey: `evening-${name}-${loan.id}`,
      })),
    );
    // Its own outbox on the server's database, whose provider answers the first send as the
    // clock strikes 20:00.
    let at = nairobiTime(today, '19:59');
    const outbox = smsOutbox({
      db,
      gateway: {
        kind: 'simulator',
        send: async () => {
          at = nairobiTime(today, '20:00');
          return { accepted: true, providerMessageId: `EVENING-${loan.id}`, cost: null };
        },
      },
      now: () => at,
      log: server.app.log,
      context: { platformShortCode: server.config.mpesa.platformShortCode },
      quietHours: server.config.sms.quietHours,
    });
    await outbox.flush();
    const messages = await messagesOf(server, world.lender, loan.id);
    expect(messages.map((m) => m.status)).toEqual(['sent', 'sent', 'queued']);
  });
});

describe('reminders and the overdue notice', () => {
  it('reminds 3 days before and on the due day, at most once a day, then says overdue once', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { loan, dueDate } = await newLoan(2000);
    await settledMessages(loan.id, 1);
    const dueDay = nairobiDay(dueDate);
    const kinds = async () => (await messagesOf(server, world.lender, loan.id)).map((m) => m.kind);

    clock.set(nairobiTime(nairobiDay(dueDate, -3), '09:00'));
    // Two runs at once and a rerun: one reminder.
    await runJobsAtOnce(server, server);
    await runJob();
    expect(await kinds()).toEqual(['disbursed', 'reminder']);
    const [, reminder] = await settledMessages(loan.id, 2);
    expect(reminder!.body).toBe(
      `Mkopo: loan ${loan.loanCode} is due in 3 days, ${dueDay.split('-').reverse().join('/')}. ` +
        `Balance KES 2,200.00. Paybill ${world.lender.paybill}, Account ${loan.loanCode}.`,
    );

    clock.set(nairobiTime(nairobiDay(dueDate, -2), '09:00'));
    await runJob();
    expect(await kinds()).toHaveLength(2);

    clock.set(nairobiTime(dueDay, '08:00'));
    await runJob();
    clock.set(nairobiTime(dueDay, '18:00'));
    await runJob();
    const onTheDay = await settledMessages(loan.id, 3);
    expect(onTheDay[2]!.body).toContain('is due today');

    clock.set(nairobiTime(nairobiDay(dueDate, 1), '09:00'));
    await runJob();
    clock.set(nairobiTime(nairobiDay(dueDate, 2), '09:00'));
    await runJob();
    const all = await settledMessages(loan.id, 4);
    expect(all.map((m) => m.kind)).toEqual(['disbursed', 'reminder', 'reminder', 'overdue']);
    expect(all[3]!.body).toBe(
      `Mkopo: loan ${loan.loanCode} was due on ${dueDay.split('-').reverse().join('/')}. Balance KES 2,200.00. ` +
        `Paybill ${world.lender.paybill}, Account ${loan.loanCode}. Call us if you need help.`,
    );
  });

  it('stops reminders, not receipts, for a borrower who opted out, and records when', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { borrower, loan, dueDate } = await newLoan(2500);
    await settledMessages(loan.id, 1);
    const optOutAt = nairobiTime(today, '10:15');
    clock.set(optOutAt);
    const path = `/borrower/${borrower.id}/sms-reminders`;
    expect((await call(server, 'PATCH', path, { optOut: 'yes' }, world.agent.token)).status).toBe(
      400,
    );
    const other = await approvedLender(server, 'Mutua');
    expect((await call(server, 'PATCH', path, { optOut: true }, other.token)).status).toBe(404);
    const res = await call(server, 'PATCH', path, { optOut: true }, world.agent.token);
    expect(res.status).toBe(200);
    expect(res.body.data.smsRemindersOptedOutAt).toBe(optOutAt.toISOString());
    // Saying it again later keeps the time the borrower first asked.
    clock.set(nairobiTime(today, '11:00'));
    const again = await call(server, 'PATCH', path, { optOut: true }, world.lender.token);
    expect(again.body.data.smsRemindersOptedOutAt).toBe(optOutAt.toISOString());

    clock.set(nairobiTime(nairobiDay(dueDate, -3), '09:00'));
    await runJob();
    clock.set(nairobiTime(nairobiDay(dueDate, 1), '09:00'));
    await runJob();
    await payLoan(loan.loanCode, 500);
    const messages = await settledMessages(loan.id, 2);
    expect(messages.map((m) => m.kind)).toEqual(['disbursed', 'payment_received']);

    const back = await call(server, 'PATCH', path, { optOut: false }, world.lender.token);
    expect(back.body.data.smsRemindersOptedOutAt).toBeNull();
  });
});

describe('a send interrupted by a crash', () => {
  it('is marked failed by the job, not sent again: it may have reached the provider', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { loan } = await newLoan(1100);
    const [notice] = await settledMessages(loan.id, 1);
    // As a crash between the claim and the provider's answer leaves it.
    await server.database.db.execute(
      sql`update sms_messages set status = 'sending', updated_at = ${nairobiTime(today, '10:00').toISOString()}::timestamptz where id = ${notice!.id}`,
    );
    clock.set(nairobiTime(today, '10:05'));
    await runJob();
    expect((await messagesOf(server, world.lender, loan.id))[0]!.status).toBe('sending');
    clock.set(nairobiTime(today, '10:11'));
    const run = await runJob();
    expect(run).toMatchObject({ interrupted: 1 });
    const [failed] = await messagesOf(server, world.lender, loan.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('may or may not have been delivered'),
    });
  });
});

describe('who reads the messages', () => {
  it('shows a loan’s messages to its lender only, and every message to admins with filters', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const { loan } = await newLoan(1500);
    await settledMessages(loan.id, 1);
    const other = await approvedLender(server, 'Kiprono');
    expect(
      (await call(server, 'GET', `/loan/${loan.id}/messages`, undefined, other.token)).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', '/loan/999999/messages', undefined, world.lender.token)).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', '/admin/messages', undefined, world.lender.token)).status,
    ).toBe(403);

    const admin = await adminToken(server);
    const all = await call(
      server,
      'GET',
      `/admin/messages?lenderId=${world.lender.id}&limit=2&page=1`,
      undefined,
      admin,
    );
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body.data[0]).toMatchObject({
      lenderId: world.lender.id,
      businessName: 'Otieno Capital',
    });
    const none = await call(
      server,
      'GET',
      `/admin/messages?lenderId=${other.id}`,
      undefined,
      admin,
    );
    expect(none.body).toEqual({ data: [], total: 0 });
    const sent = await call(
      server,
      'GET',
      `/admin/messages?status=sent&from=${today}&to=${today}`,
      undefined,
      admin,
    );
    expect(sent.body.data.every((m: SmsView) => m.status === 'sent')).toBe(true);
    expect(sent.body.data.some((m: { loanCode: string }) => m.loanCode === loan.loanCode)).toBe(
      true,
    );
    expect(
      (await call(server, 'GET', '/admin/messages?status=lost', undefined, admin)).status,
    ).toBe(400);
  });

  it('never writes to any number but the borrower’s own', async () => {
    const result = await server.database.db.execute(sql`
      select count(*)::int as n from sms_messages m join borrowers b on b.id = m.borrower_id
      where m.phone_number <> b.phone_number`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('two instances', () => {
  it('send each waiting message once when both release the night’s messages at 07:00', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const loans = [await newLoan(1000), await newLoan(1200), await newLoan(1400)];
    for (const { loan } of loans) await settledMessages(loan.id, 1);
    const second = await startSecondInstance(server, { JOBS_ENABLED: 'false' }, { now: clock.now });
    try {
      clock.set(nairobiTime(today, '22:00'));
      for (const { loan } of loans) await payLoan(loan.loanCode, 300);
      clock.set(nairobiTime(nairobiDay(today, 1), '07:05'));
      await runJobsAtOnce(server, second, server, second);
      for (const { loan } of loans) {
        const [, receipt] = await settledMessages(loan.id, 2);
        const sends = [...server.logs, ...second.logs].filter(
          (line) =>
            line.msg === 'SMS' &&
            (line.sms as { providerMessageId?: string } | undefined)?.providerMessageId ===
              receipt!.providerMessageId,
        );
        expect(sends).toHaveLength(1);
        const bodies = [...server.logs, ...second.logs].filter(
          (line) =>
            line.msg === 'SMS' && (line.sms as { message?: string }).message === receipt!.body,
        );
        expect(bodies).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
