/**
 * Idempotency-Key (DESIGN.md §3, §7): a create or money request repeated with the same
 * key is done once and answered as the first time, also when the repeats race; a failed
 * first attempt leaves the key free; the same key on another request is refused.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, capitalTransactions, repaymentCycles } from '../../server/db/schema';
import { activeAgent, approvedLender, type Agent, type Lender } from '../support/fixtures';
import { png } from '../support/files';
import { capitalOf, deposit, eventually, ledgerViolations } from '../support/money';
import { call, callForm, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;

beforeAll(async () => {
  server = await startTestServer();
  lender = await approvedLender(server, 'Wekesa');
  agent = await activeAgent(server, lender);
});
afterAll(async () => {
  await server?.close();
});

const keyed = (key: string) => ({ 'Idempotency-Key': key });

async function cyclesNamed(name: string): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(repaymentCycles)
    .where(eq(repaymentCycles.name, name));
  return row?.n ?? 0;
}

describe('Idempotency-Key', () => {
  it('a repeat answers the first answer and creates nothing more', async () => {
    const key = randomUUID();
    const body = { name: 'Fortnightly', days: 14, lenderBusinessId: lender.businessId };
    const first = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      body,
      lender.token,
      keyed(key),
    );
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      body,
      lender.token,
      keyed(key),
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await cyclesNamed('Fortnightly')).toBe(1);
    // Without a key the same request is a new one (here: refused as a duplicate name).
    const plain = await call(server, 'POST', '/repayment-cycle/add', body, lender.token);
    expect(plain.status).not.toBe(201);
  });

  it('racing repeats do the work once', async () => {
    const key = randomUUID();
    const body = { name: 'Every ten days', days: 10, lenderBusinessId: lender.businessId };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(server, 'POST', '/repayment-cycle/add', body, lender.token, keyed(key)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.body.data.id as number));
    expect(ids.size).toBe(1);
    expect(await cyclesNamed('Every ten days')).toBe(1);
  });

  it('refuses the same key on a different request', async () => {
    const key = randomUUID();
    const first = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Monthly', days: 30, lenderBusinessId: lender.businessId },
      lender.token,
      keyed(key),
    );
    expect(first.status).toBe(201);
    const other = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Quarterly', days: 90, lenderBusinessId: lender.businessId },
      lender.token,
      keyed(key),
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );
    expect(await cyclesNamed('Quarterly')).toBe(0);
  });

  it('keys belong to their user: another user with the same key is a new request', async () => {
    const key = randomUUID();
    const other = await approvedLender(server, 'Auma');
    for (const owner of [lender, other]) {
      const res = await call(
        server,
        'POST',
        '/repayment-cycle/add',
        { name: 'Every 21 days', days: 21, lenderBusinessId: owner.businessId },
        owner.token,
        keyed(key),
      );
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await cyclesNamed('Every 21 days')).toBe(2);
  });

  it('a failed first attempt leaves the key free for a corrected retry', async () => {
    const key = randomUUID();
    const refused = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Biweekly', days: 0, lenderBusinessId: lender.businessId },
      lender.token,
      keyed(key),
    );
    expect(refused.status).toBe(400);
    const fixed = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Biweekly', days: 15, lenderBusinessId: lender.businessId },
      lender.token,
      keyed(key),
    );
    expect(fixed.status).toBe(201);
    expect(await cyclesNamed('Biweekly')).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const res = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Odd', days: 3, lenderBusinessId: lender.businessId },
      lender.token,
      keyed('short'),
    );
    expect(res.status).toBe(400);
    expect(await cyclesNamed('Odd')).toBe(0);
  });

  it('a multipart borrower registration replayed registers one borrower', async () => {
    const key = randomUUID();
    const fields = {
      firstName: 'Idempotent',
      lastName: 'Borrower',
      phoneNumber: '0733000111',
      lenderBusinessId: lender.businessId,
      lenderBusinessAreaId: agent.areaId,
      gender: 'male',
      dob: '1988-01-02',
      nextOfKinName: 'Kin Name',
      nextOfKinNumber: '0711000222',
      nextOfKinRelation: 'Sister',
      idNumber: '77001122',
    };
    const send = () =>
      callForm(
        server,
        'POST',
        '/borrower/register',
        fields,
        { passportPhoto: png() },
        agent.token,
        keyed(key),
      );
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    for (const res of [a, b, c]) expect(res.status).toBe(201);
    expect(new Set([a, b, c].map((r) => r.body.data.id as number)).size).toBe(1);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(borrowers)
      .where(eq(borrowers.idNumber, '77001122'));
    expect(row?.n).toBe(1);
  });

  it('a withdrawal replayed moves the money once', async () => {
    await deposit(server, lender, 5_000);
    const before = await capitalOf(server, lender);
    const key = randomUUID();
    const body = { phoneNumber: '0712345678', amount: 1_000, lenderBusinessId: lender.businessId };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call(server, 'POST', '/initiate/request-withdraw', body, lender.token, keyed(key)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await eventually(async () => (await capitalOf(server, lender)) === before - 1_000);
    const [withdrawals] = await server.database.db
      .select({ n: count() })
      .from(capitalTransactions)
      .where(eq(capitalTransactions.source, 'withdrawal'));
    expect(withdrawals?.n).toBe(1);
    expect(await ledgerViolations(server)).toEqual([]);
  });
});
