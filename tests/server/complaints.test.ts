/**
 * The complaints register (the README's "Complaints") through the real server, its SMS simulator
 * and a clock the test moves: a borrower's SMS with the keyword becomes a complaint with an
 * acknowledgement in the borrower's language; an unknown number or a message without the keyword
 * does not; an agent's complaint sent twice with one Idempotency-Key is recorded once; the lender
 * records, assigns and resolves (a resolution is required and goes to the borrower); deadlines are
 * 7 working days; overdue ones are marked; each lender sees only its own; the report's figures
 * and the CSV export.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintDeadline, complaintInSms } from '../../src/domain/complaints';
import { smsMessages } from '../../server/db/schema';
import {
  adminToken,
  FOUR_WEEKS,
  lendingBook,
  newBorrower,
  type LendingBook,
} from '../support/fixtures';
import { eventually } from '../support/money';
import { nairobiDay, nairobiTime, testClock } from '../support/sms';
import { call, startTestServer, type TestServer } from '../support/test-server';

const SMS_SECRET = 'complaints-sms-secret-0123456789';
// A Wednesday, 10:00 in Nairobi: out of quiet hours, SMS leave at once.
const wednesday = '2026-11-25';
const clock = testClock(nairobiTime(wednesday, '10:00'));
let server: TestServer;
let world: LendingBook;
let other: LendingBook;

beforeAll(async () => {
  server = await startTestServer(
    { JOBS_ENABLED: 'false', SMS_CALLBACK_SECRET: SMS_SECRET },
    { now: clock.now },
  );
  world = await lendingBook(server, { name: 'Otieno', plan: FOUR_WEEKS });
  other = await lendingBook(server, { name: 'Njeri', plan: FOUR_WEEKS });
});
afterAll(async () => {
  await server?.close();
});

function inbound(fields: Record<string, string>, secret = SMS_SECRET) {
  return fetch(`${server.api}/sms/callback/${secret}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The borrower's SMS, oldest first, once none waits to be sent. */
async function smsOf(borrowerId: number, count: number) {
  return eventually(async () => {
    const rows = await server.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.borrowerId, borrowerId))
      .orderBy(asc(smsMessages.id));
    return rows.length === count && rows.every((row) => row.status === 'sent') && rows;
  });
}

type ComplaintBody = {
  id: number;
  reference: string;
  status: string;
  channel: string;
  category: string;
  dueAt: string;
  receivedAt: string;
  overdue: boolean;
  text: string;
  lenderBusinessId: number;
  borrowerId: number | null;
};

async function record(
  token: string,
  body: Record<string, unknown>,
  key?: string,
): Promise<{ status: number; body: { message: string; data: ComplaintBody } }> {
  return call(server, 'POST', '/complaint', body, token, key ? { 'Idempotency-Key': key } : {});
}

describe('the keyword in an SMS', () => {
  it('reads COMPLAINT, MALALAMIKO in any case, with or without text', () => {
    expect(complaintInSms('COMPLAINT I was charged twice')).toBe('I was charged twice');
    expect(complaintInSms('  malalamiko: nimetozwa mara mbili ')).toBe('nimetozwa mara mbili');
    expect(complaintInSms('Complaint')).toBe('COMPLAINT');
    expect(complaintInSms('Hello, I have a complaint')).toBeNull();
    expect(complaintInSms('COMPLAINTS are many')).toBeNull();
  });
});

describe('deadlines', () => {
  it('are 7 working days later, weekends skipped (Nairobi calendar)', () => {
    // Wednesday 25 Nov 10:00 → Friday 4 Dec 10:00.
    expect(complaintDeadline(nairobiTime(wednesday, '10:00')).toISOString()).toBe(
      nairobiTime('2026-12-04', '10:00').toISOString(),
    );
    // Saturday 28 Nov → Tuesday 8 Dec (Monday is the first working day).
    expect(complaintDeadline(nairobiTime('2026-11-28', '09:00')).toISOString()).toBe(
      nairobiTime('2026-12-08', '09:00').toISOString(),
    );
    // Friday 23:30 in Nairobi is still Friday, though it is Friday 20:30 UTC.
    expect(nairobiDay(complaintDeadline(nairobiTime('2026-11-27', '23:30')))).toBe('2026-12-08');
  });
});

describe('complaints by SMS', () => {
  it('registers a keyword SMS from a borrower, with an acknowledgement in their language', async () => {
    clock.set(nairobiTime(wednesday, '10:00'));
    const borrower = await newBorrower(server, world);
    const language = await call(
      server,
      'PATCH',
      `/borrower/${borrower.id}/sms-language`,
      { language: 'sw' },
      world.agent.token,
    );
    expect(language.status).toBe(200);
    const international = `+${borrower.phoneNumber}`;
    const res = await inbound({
      from: international,
      to: '22384',
      text: 'MALALAMIKO Nimetozwa ada mara mbili',
      date: '2026-11-25 10:00:00',
      id: 'ATXid_inbound_1',
      linkId: 'link-1',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });

    const queue = await call(server, 'GET', '/complaint', undefined, world.lender.token);
    const complaint = (queue.body as ComplaintBody[]).find((c) => c.borrowerId === borrower.id);
    expect(complaint).toMatchObject({
      channel: 'sms',
      category: 'other',
      status: 'open',
      text: 'Nimetozwa ada mara mbili',
      lenderBusinessId: world.lender.businessId,
      dueAt: nairobiTime('2026-12-04', '10:00').toISOString(),
      overdue: false,
    });
    expect(complaint?.reference).toMatch(/^CMP-2026-\d{6}$/);

    const [ack] = await smsOf(borrower.id, 1);
    expect(ack).toMatchObject({ kind: 'complaint_received', language: 'sw', loanId: null });
    expect(ack?.phoneNumber).toBe(borrower.phoneNumber);
    expect(ack?.body).toContain(complaint?.reference);
    expect(ack?.body).toContain('04/12/2026');
    expect(ack?.body).toContain('tumepokea lalamiko lako');

    // Africa's Talking sends the same message again: still one complaint, one SMS.
    await inbound({
      from: international,
      text: 'MALALAMIKO Nimetozwa ada mara mbili',
      id: 'ATXid_inbound_1',
    });
    const again = await call(server, 'GET', '/complaint', undefined, world.lender.token);
    expect(
      (again.body as ComplaintBody[]).filter((c) => c.borrowerId === borrower.id),
    ).toHaveLength(1);
    await smsOf(borrower.id, 1);

    // A new message delivered twice at the same moment: both answered, one complaint.
    const twice = await Promise.all(
      [1, 2].map(() =>
        inbound({ from: international, text: 'MALALAMIKO Bado sijapata jibu', id: 'ATXid_twice' }),
      ),
    );
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    const afterRace = await call(server, 'GET', '/complaint', undefined, world.lender.token);
    expect(
      (afterRace.body as ComplaintBody[]).filter((c) => c.text === 'Bado sijapata jibu'),
    ).toHaveLength(1);
  });

  it('registers nothing for an unknown number, a message without the keyword, or a wrong secret', async () => {
    const before = await call(server, 'GET', '/complaint', undefined, await adminToken(server));
    const unknown = await inbound({
      from: '+254799000111',
      text: 'COMPLAINT who am I',
      id: 'ATX-unknown',
    });
    expect(unknown.status).toBe(200);
    const borrower = await newBorrower(server, world);
    const chatter = await inbound({
      from: `+${borrower.phoneNumber}`,
      text: 'Hello there',
      id: 'ATX-chat',
    });
    expect(chatter.status).toBe(200);
    const wrong = await inbound(
      { from: `+${borrower.phoneNumber}`, text: 'COMPLAINT x', id: 'ATX-w' },
      'not-the-secret-at-all',
    );
    expect(wrong.status).toBe(404);
    const after = await call(server, 'GET', '/complaint', undefined, await adminToken(server));
    expect(after.body).toHaveLength(before.body.length);
  });
});

describe('agents and lenders record complaints', () => {
  it("records an agent's complaint once for one Idempotency-Key, and acknowledges it once", async () => {
    const borrower = await newBorrower(server, world);
    const body = {
      lenderBusinessId: world.lender.businessId,
      borrowerId: borrower.id,
      category: 'debt_collection',
      text: 'The collector called my employer.',
    };
    const first = await record(world.agent.token, body, 'complaint-key-0001');
    const second = await record(world.agent.token, body, 'complaint-key-0001');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.reference).toBe(first.body.data.reference);
    expect(first.body.data).toMatchObject({ channel: 'agent', status: 'open' });
    const mine = await call(server, 'GET', '/complaint', undefined, world.agent.token);
    expect((mine.body as ComplaintBody[]).filter((c) => c.borrowerId === borrower.id)).toHaveLength(
      1,
    );
    const [ack] = await smsOf(borrower.id, 1);
    expect(ack?.body).toContain(first.body.data.reference);
    expect(ack?.body).toContain('we received your complaint');
  });

  it('refuses an agent without a borrower, a borrower of another business, a bad category and a huge text', async () => {
    const borrower = await newBorrower(server, other);
    const base = {
      lenderBusinessId: world.lender.businessId,
      category: 'charges',
      text: 'Charged twice',
    };
    expect((await record(world.agent.token, base)).status).toBe(400);
    expect((await record(world.agent.token, { ...base, borrowerId: borrower.id })).status).toBe(
      404,
    );
    const own = await newBorrower(server, world);
    expect(
      (await record(world.agent.token, { ...base, borrowerId: own.id, category: 'fees' })).status,
    ).toBe(400);
    const huge = await record(world.agent.token, {
      ...base,
      borrowerId: own.id,
      text: 'x'.repeat(1001),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('A complaint is at most 1000 characters.');
    // Another lender's business: not found, so ids cannot be probed.
    expect(
      (
        await record(world.agent.token, {
          ...base,
          lenderBusinessId: other.lender.businessId,
          borrowerId: borrower.id,
        })
      ).status,
    ).toBe(404);
  });

  it('lets the lender record one without a borrower, owned by the lender', async () => {
    const res = await record(world.lender.token, {
      lenderBusinessId: world.lender.businessId,
      category: 'data_privacy',
      text: 'A caller says we shared his data.',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      channel: 'lender',
      borrowerId: null,
      ownerUserId: world.lender.id,
    });
  });
});

describe('working a complaint', () => {
  it('assigns, starts, refuses to resolve without a resolution, resolves with an SMS, keeps the history', async () => {
    const borrower = await newBorrower(server, world);
    const created = await record(world.agent.token, {
      lenderBusinessId: world.lender.businessId,
      borrowerId: borrower.id,
      category: 'repayment_not_credited',
      text: 'I paid KES 500 on Monday, not shown.',
    });
    const id = created.body.data.id;
    const patch = (body: unknown, token = world.lender.token) =>
      call(server, 'PATCH', `/complaint/${id}`, body, token);

    expect((await patch({ ownerUserId: world.agent.id })).status).toBe(200);
    expect((await patch({ ownerUserId: other.agent.id })).status).toBe(400);
    expect((await patch({ status: 'closed' })).status).toBe(409);
    expect((await patch({ status: 'in_progress' })).body.data.status).toBe('in_progress');
    const bare = await patch({ status: 'resolved' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(
      'Write the resolution (at least 5 characters) before resolving.',
    );
    // An agent records, never resolves.
    expect(
      (await patch({ status: 'resolved', resolution: 'Found it.' }, world.agent.token)).status,
    ).toBe(403);

    clock.set(nairobiTime('2026-11-26', '15:00'));
    const resolved = await patch({
      status: 'resolved',
      resolution: 'The payment was applied to your loan.',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', overdue: false });
    const messages = await smsOf(borrower.id, 2);
    expect(messages[1]?.kind).toBe('complaint_resolved');
    expect(messages[1]?.body).toContain('The payment was applied to your loan.');

    const detail = await call(server, 'GET', `/complaint/${id}`, undefined, world.lender.token);
    expect(detail.body.history.map((e: { action: string }) => e.action)).toEqual([
      'complaint.created',
      'complaint.assigned',
      'complaint.status',
      'complaint.status',
    ]);
    expect(detail.body.owners.map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([world.lender.id, world.agent.id]),
    );
    expect((await patch({ status: 'closed' })).body.data.status).toBe('closed');
    clock.set(nairobiTime(wednesday, '10:00'));
  });

  it('marks as overdue what is unresolved after its deadline', async () => {
    clock.set(nairobiTime(wednesday, '10:00'));
    const created = await record(other.lender.token, {
      lenderBusinessId: other.lender.businessId,
      category: 'charges',
      text: 'Fee higher than quoted.',
    });
    clock.set(nairobiTime('2026-12-04', '10:01'));
    const overdue = await call(
      server,
      'GET',
      '/complaint?overdue=true',
      undefined,
      other.lender.token,
    );
    expect((overdue.body as ComplaintBody[]).map((c) => c.id)).toEqual([created.body.data.id]);
    expect(overdue.body[0].overdue).toBe(true);
    clock.set(nairobiTime(wednesday, '10:00'));
  });
});

describe('who sees what', () => {
  it("keeps each lender to its own businesses' complaints, agents to their own, admins to all", async () => {
    const theirs = await record(other.lender.token, {
      lenderBusinessId: other.lender.businessId,
      category: 'other',
      text: 'Something else went wrong.',
    });
    const id = theirs.body.data.id;
    expect(
      (await call(server, 'GET', `/complaint/${id}`, undefined, world.lender.token)).status,
    ).toBe(404);
    expect(
      (
        await call(
          server,
          'PATCH',
          `/complaint/${id}`,
          { status: 'in_progress' },
          world.lender.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', `/complaint/${id}`, undefined, world.agent.token)).status,
    ).toBe(404);
    const mine = await call(server, 'GET', '/complaint', undefined, world.lender.token);
    expect(
      (mine.body as ComplaintBody[]).every((c) => c.lenderBusinessId === world.lender.businessId),
    ).toBe(true);
    const agents = await call(server, 'GET', '/complaint', undefined, world.agent.token);
    expect((agents.body as ComplaintBody[]).every((c) => c.channel === 'agent')).toBe(true);
    const all = await call(server, 'GET', '/complaint', undefined, await adminToken(server));
    expect((all.body as ComplaintBody[]).some((c) => c.id === id)).toBe(true);
    expect(
      (await call(server, 'GET', '/admin/complaints/report', undefined, world.agent.token)).status,
    ).toBe(403);
    expect(
      (await call(server, 'GET', '/admin/complaints.csv', undefined, world.agent.token)).status,
    ).toBe(403);
  });
});

describe('the report and the export', () => {
  it("counts by category, times to resolve and overdue, over one lender's register", async () => {
    const fresh = await lendingBook(server, { name: 'Wekesa', plan: FOUR_WEEKS });
    const token = await adminToken(server);
    clock.set(nairobiTime(wednesday, '08:00'));
    const make = async (category: string) =>
      (
        await record(fresh.lender.token, {
          lenderBusinessId: fresh.lender.businessId,
          category,
          text: `A complaint about ${category}`,
        })
      ).body.data.id;
    const a = await make('charges');
    const b = await make('charges');
    await make('disbursement');
    const resolveAt = async (id: number, time: string) => {
      clock.set(nairobiTime(wednesday, time));
      const res = await call(
        server,
        'PATCH',
        `/complaint/${id}`,
        { status: 'resolved', resolution: 'Refunded the fee.' },
        fresh.lender.token,
      );
      expect(res.status).toBe(200);
    };
    await resolveAt(a, '10:00'); // 2 hours
    await resolveAt(b, '14:00'); // 6 hours
    clock.set(nairobiTime('2026-12-07', '09:00'));
    const report = await call(
      server,
      'GET',
      `/admin/complaints/report?lenderId=${fresh.lender.id}`,
      undefined,
      token,
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      total: 3,
      resolvedCount: 2,
      medianHoursToResolve: 4,
      meanHoursToResolve: 4,
      overdue: 1,
      resolvedLate: 0,
    });
    expect(report.body.byCategory).toEqual(
      expect.arrayContaining([
        { category: 'charges', count: 2 },
        { category: 'disbursement', count: 1 },
        { category: 'other', count: 0 },
      ]),
    );

    const csv = await fetch(`${server.api}/admin/complaints.csv?lenderId=${fresh.lender.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe(
      'Reference,Lender ID,Business,Borrower,Phone,Loan,Channel,Category,Status,Received at,Deadline,Overdue,Owner,Resolved at,Complaint,Resolution',
    );
    expect(lines.filter(Boolean)).toHaveLength(4);
    expect(lines[1]).toMatch(/^CMP-2026-\d{6},/);
    expect(lines[1]).toContain(',disbursement,open,');
    expect(lines[1]).toContain(',yes,');
    clock.set(nairobiTime(wednesday, '10:00'));
  });

  it('quotes what needs quoting and defuses formulas (RFC 4180)', async () => {
    const res = await record(world.lender.token, {
      lenderBusinessId: world.lender.businessId,
      category: 'other',
      text: '=SUM(A1) "quoted", and\nbroken',
    });
    expect(res.status).toBe(201);
    const csv = await fetch(`${server.api}/admin/complaints.csv`, {
      headers: { authorization: `Bearer ${world.lender.token}` },
    });
    const text = await csv.text();
    expect(text).toContain(`"'=SUM(A1) ""quoted"", and\nbroken"`);
    const ids = await server.database.db
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.kind, 'complaint_received'),
          eq(smsMessages.lenderBusinessId, world.lender.businessId),
        ),
      );
    expect(ids.length).toBeGreaterThan(0);
  });
});

describe('erasing a borrower', () => {
  it("blanks the complaint's words and keeps the record", async () => {
    const borrower = await newBorrower(server, world);
    const created = await record(world.agent.token, {
      lenderBusinessId: world.lender.businessId,
      borrowerId: borrower.id,
      category: 'data_privacy',
      text: 'My ID number 12345678 was shared.',
    });
    // The acknowledgement leaves first: an erasure waits (409) while a text is being sent.
    await smsOf(borrower.id, 1);
    const erase = await call(
      server,
      'POST',
      `/borrower/${borrower.id}/erase`,
      {},
      world.lender.token,
    );
    expect(erase.status).toBe(200);
    const detail = await call(
      server,
      'GET',
      `/complaint/${created.body.data.id}`,
      undefined,
      world.lender.token,
    );
    expect(detail.body.text).not.toContain('12345678');
    expect(detail.body).toMatchObject({
      reference: created.body.data.reference,
      category: 'data_privacy',
    });
  });
});

describe('npm run sms:receive', () => {
  it("posts a borrower's SMS as Africa's Talking would; replaying its id registers nothing more", async () => {
    const borrower = await newBorrower(server, world);
    const run = (id: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            compiledEntryPoint('server/scripts/sms-receive.ts'),
            '--from',
            borrower.phoneNumber,
            '--text',
            'COMPLAINT the agent was rude',
            '--url',
            server.url,
            '--id',
            id,
          ],
          { env: { ...process.env, SMS_CALLBACK_SECRET: SMS_SECRET } },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
      });
    expect(await run('ATXid_script_1')).toContain('200');
    await run('ATXid_script_1');
    const queue = await call(server, 'GET', '/complaint', undefined, world.lender.token);
    const mine = (queue.body as (ComplaintBody & { text: string })[]).filter(
      (c) => c.borrowerId === borrower.id,
    );
    expect(mine.map((c) => c.text)).toEqual(['the agent was rude']);
  });
});
