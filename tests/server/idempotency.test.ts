/**
 * Idempotency-Key (docs/architecture.md §3, "The calls it makes"): a create or money request repeated with the same
 * key is done once and answered as the first time, also when the repeats race; a failed
 * first attempt leaves the key free; the same key on another request is refused.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  borrowers,
  capitalTransactions,
  documents,
  mpesaRequests,
  repaymentCycles,
} from '../../server/db/schema';
import {
  activeAgent,
  approvedLender,
  consentFields,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { jpeg, png } from '../support/files';
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
      ...consentFields(),
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

  it('a multipart repeat must carry the same fields and files: another file answers 422', async () => {
    const key = randomUUID();
    const fields = borrowerFields('77001133', '0733000133');
    const first = await callForm(
      server,
      'POST',
      '/borrower/register',
      fields,
      { passportPhoto: png() },
      agent.token,
      keyed(key),
    );
    expect(first.status).toBe(201);
    const otherFile = await callForm(
      server,
      'POST',
      '/borrower/register',
      fields,
      { passportPhoto: jpeg() },
      agent.token,
      keyed(key),
    );
    expect(otherFile.status).toBe(422);
    const otherField = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...fields, nextOfKinRelation: 'Brother' },
      { passportPhoto: png() },
      agent.token,
      keyed(key),
    );
    expect(otherField.status).toBe(422);
    const same = await callForm(
      server,
      'POST',
      '/borrower/register',
      fields,
      { passportPhoto: png() },
      agent.token,
      keyed(key),
    );
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(same.body.data.id).toBe(first.body.data.id);
    // The repeats' uploads were not kept: one photo document for the one borrower.
    const [photos] = await server.database.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.ownerUserId, agent.id));
    const [mine] = await server.database.db
      .select({ n: count() })
      .from(borrowers)
      .where(eq(borrowers.registeredByUserId, agent.id));
    expect(photos?.n).toBe(mine?.n);
  });

  it('when the answer is lost on the way back, the retry gets it and the work is done once', async () => {
    const key = randomUUID();
    const body = { name: 'Lost answer', days: 12, lenderBusinessId: lender.businessId };
    const lost = await throughCuttingProxy(server, async (base) => {
      const response = await fetch(`${base}/api/repayment-cycle/add`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${lender.token}`,
          ...keyed(key),
        },
        body: JSON.stringify(body),
      });
      return response.status;
    }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(Error); // the phone never heard back
    expect(await cyclesNamed('Lost answer')).toBe(1); // but the server did the work
    const retry = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      body,
      lender.token,
      keyed(key),
    );
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await cyclesNamed('Lost answer')).toBe(1);
  });

  it('a refused write leaves no claim behind: the same key works at once', async () => {
    const key = randomUUID();
    // Another lender's business: refused with 404 inside the transaction.
    const other = await approvedLender(server, 'Chebet');
    const refused = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Not mine', days: 9, lenderBusinessId: other.businessId },
      lender.token,
      keyed(key),
    );
    expect(refused.status).toBe(404);
    const mine = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Not mine', days: 9, lenderBusinessId: other.businessId },
      other.token,
      keyed(key),
    );
    expect(mine.status).toBe(201);
    const again = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: 'Not mine', days: 9, lenderBusinessId: lender.businessId },
      lender.token,
      keyed(key),
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('STK pushes per phone number', () => {
  it('allows three prompts to one number in two minutes, then refuses with 429 and sends nothing', async () => {
    const phoneNumber = '0722333444';
    const body = { phoneNumber, amount: 100, lenderBusinessId: lender.businessId };
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(await call(server, 'POST', '/initiate/request-stkpush', body, lender.token));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body.message).toBe(
      'Too many M-Pesa prompts were sent to this phone number. Please wait two minutes and try again.',
    );
    const [sent] = await server.database.db
      .select({ n: count() })
      .from(mpesaRequests)
      .where(eq(mpesaRequests.phoneNumber, '254722333444'));
    expect(sent?.n).toBe(3);
    // Another number is not affected.
    const other = await call(
      server,
      'POST',
      '/initiate/request-stkpush',
      { ...body, phoneNumber: '0722333555' },
      lender.token,
    );
    expect(other.status).toBe(200);
  });

  it('racing prompts to one number still send at most three', async () => {
    const body = { phoneNumber: '0722333666', amount: 100, lenderBusinessId: lender.businessId };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(server, 'POST', '/initiate/request-stkpush', body, lender.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });
});

function borrowerFields(idNumber: string, phoneNumber: string) {
  return {
    ...consentFields(),
    firstName: 'Keyed',
    lastName: 'Borrower',
    phoneNumber,
    lenderBusinessId: lender.businessId,
    lenderBusinessAreaId: agent.areaId,
    gender: 'female',
    dob: '1990-03-04',
    nextOfKinName: 'Kin Name',
    nextOfKinNumber: '0711000333',
    nextOfKinRelation: 'Sister',
    idNumber,
  };
}

/**
 * Runs `use` against a TCP proxy in front of the server that forwards the request but
 * cuts the connection as soon as the answer starts coming back: the server did the
 * work, the client never hears of it (a phone losing its signal at the wrong moment).
 */
async function throughCuttingProxy<T>(
  target: TestServer,
  use: (base: string) => Promise<T>,
): Promise<T> {
  const { port } = new URL(target.url);
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(port), '127.0.0.1');
    client.pipe(upstream);
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => undefined);
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  try {
    return await use(`http://127.0.0.1:${address.port}`);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
}
