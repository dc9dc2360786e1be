/**
 * The working set on the phone (docs/architecture.md §7) against the real server on
 * 127.0.0.1, with IndexedDB from fake-indexeddb: after a sync, every GET an agent screen
 * makes is answered from the phone with exactly the server's own answer (lists, pages,
 * filters, orders, counts, a borrower's loans, the follow-up list across businesses,
 * follow-up histories, loan files and the agent's complaints), and stays so after refreshes
 * that bring changes.
 * A list that does not add up fills again; an ended session wipes the working set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkingSetDb } from '../../src/offline/working-set/db';
import { answerFromWorkingSet } from '../../src/offline/working-set/read';
import type { Statement } from '../../src/domain/loans';
import { syncWorkingSet, type WorkingSetSyncDeps } from '../../src/offline/working-set/sync';
import { jpeg, pdf } from '../support/files';
import {
  createPlan,
  lendingBook,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { applyForLoan, disbursedLoan, eventually, loanStatus, pay } from '../support/money';
import { call, callForm, login, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let colleague: Agent;
let secondBusinessId: number;
let planId: number;
const borrowerIds: number[] = [];
let loanIds: number[] = [];
/** Loans the agent neither applied for nor approved: their statements are not the agent's. */
let othersLoanIds: number[] = [];
/** Complaints the agent recorded (the only ones it may read), oldest first. */
const complaintIds: number[] = [];
let dbCount = 0;

async function complain(token: string, body: Record<string, unknown>) {
  const res = await call(
    server,
    'POST',
    '/complaint',
    { lenderBusinessId: lender.businessId, category: 'charges', ...body },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  server = await startTestServer({ WORKING_SET_CHUNK: '4' });
  let agents: Agent[];
  ({ lender, agents, planId } = await lendingBook(server, {
    name: 'Halima',
    agents: 2,
    plan: { name: 'Mwezi' },
    capital: 500_000,
  }));
  [agent, colleague] = agents as [Agent, Agent];
  await createPlan(server, lender, { name: 'Wiki mbili', durationInDays: 14 });

  // Names in mixed case and accents, so the orders are tested.
  const names = ['amina', 'Zawadi', 'Baraka', 'Émile', 'Amina', 'baraka'];
  for (const firstName of names) {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
      firstName,
    });
    borrowerIds.push(borrower.id);
  }
  const [b0, b1, b2, b3, b4] = borrowerIds as [number, number, number, number, number];
  const active = await disbursedLoan(server, agent, lender, {
    borrowerId: b0,
    planId,
    principal: 3_000,
  });
  const repaid = await disbursedLoan(server, agent, lender, {
    borrowerId: b1,
    planId,
    principal: 1_000,
  });
  const owed = await loanStatus(server, lender, repaid.id);
  await pay(server, {
    paybill: lender.paybill,
    account: repaid.loanCode,
    amount: owed.outstandingAmount,
    transId: 'WS1REPAID',
  });
  await eventually(async () => (await loanStatus(server, lender, repaid.id)).status === 'repaid');
  const pending = await applyForLoan(server, agent, lender, {
    borrowerId: b2,
    planId,
    principal: 700,
  });
  const rejected = await applyForLoan(server, agent, lender, {
    borrowerId: b3,
    planId,
    principal: 900,
  });
  expect(
    (await call(server, 'PUT', `/loan/reject/${rejected.id}`, undefined, lender.token)).status,
  ).toBeLessThan(300);
  // Applied for by the colleague, and by the lender itself.
  const colleagues = await disbursedLoan(server, colleague, lender, {
    borrowerId: b4,
    planId,
    principal: 2_500,
  });
  const lenders = await applyForLoan(server, lender, lender, {
    borrowerId: b3,
    planId,
    principal: 400,
  });
  loanIds = [active.id, repaid.id, pending.id, rejected.id, colleagues.id, lenders.id];
  othersLoanIds = [colleagues.id, lenders.id];

  for (const [loanId, token, comment] of [
    [active.id, agent.token, 'Met at the stall; will pay on Friday.'],
    [active.id, colleague.token, 'Phone off twice this week.'],
    [colleagues.id, agent.token, 'Moved to the next village.'],
  ] as const) {
    expect((await call(server, 'POST', '/follow-up', { loanId, comment }, token)).status).toBe(201);
  }
  // The agent's complaints (one about a loan, owned by the lender), and a colleague's and
  // the lender's, which the agent may not read.
  complaintIds.push(
    await complain(agent.token, {
      borrowerId: b0,
      loanId: active.id,
      text: 'Charged a fee twice on this loan.',
    }),
    await complain(agent.token, {
      borrowerId: b1,
      category: 'debt_collection',
      text: 'The collector called at night.',
    }),
  );
  expect(
    (
      await call(
        server,
        'PATCH',
        `/complaint/${complaintIds[0]}`,
        { ownerUserId: lender.id, status: 'in_progress' },
        lender.token,
      )
    ).status,
  ).toBe(200);
  await complain(colleague.token, { borrowerId: b4, text: 'Not the agent’s to read.' });
  await complain(lender.token, { borrowerId: b3, text: 'Recorded at the lender’s desk.' });

  for (const description of ['Signed agreement', 'Guarantor letter']) {
    const upload = await callForm(
      server,
      'POST',
      '/loan-agreement-uploads/files',
      { borrowerId: b0, description },
      { loanAgreementfilesorImage: pdf(), otherImage: jpeg() },
      agent.token,
    );
    expect(upload.status).toBe(201);
  }

  // A second business the agent also works in, with a loan to follow up.
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, lender.token);
  const second = await callForm(
    server,
    'POST',
    '/lender-business/register',
    {
      businessName: 'Halima Boda Loans',
      paybillNumber: '5566780',
      defaultLoanLimit: 8000,
      lenderBusinessTypeId: types.body[0].id,
    },
    { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    lender.token,
  );
  secondBusinessId = second.body.data.id;
  const added = await call(
    server,
    'POST',
    `/agent/add-lender-business/${agent.id}/add-business`,
    { lenderBusinessId: secondBusinessId },
    lender.token,
  );
  expect(added.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

function freshDb(): WorkingSetDb {
  dbCount += 1;
  return new WorkingSetDb(`mkopo-working-set-test-${dbCount}`);
}

function deps(db: WorkingSetDb, token = agent.token): WorkingSetSyncDeps {
  return { db, baseUrl: server.api, session: () => ({ userId: agent.id, token }) };
}

/** The reads an agent's screens make, with the query strings they send. */
function agentReads(): [string, Record<string, string>?][] {
  const b = lender.businessId;
  const u = agent.id;
  const mine = `/loan/all-existing-for-lender-business-by-agent/${b}/${u}`;
  return [
    ['/lender-business/agent'],
    [`/agent/me/${u}`],
    [`/lender-business/areas/${b}`],
    [`/lender-business-area/${b}`],
    [`/loanplan/all-by-lender-business/${b}`],
    [`/repayment-cycle/all-from-lender-business/${b}`],
    [`/borrower/all/${u}/${b}`],
    [`/borrower/by-business/${b}`],
    [`/borrower/by-business/${b}`, { page: '1', limit: '4' }],
    [`/borrower/by-business/${b}`, { page: '2', limit: '4' }],
    [`/borrower/count-by-agent/${b}/${u}`],
    [`/loan/all-stats-for-lender-business-by-agent/${b}/${u}`],
    [mine],
    [mine, { page: '1', limit: '100' }],
    [mine, { page: '2', limit: '2' }],
    [mine, { status: 'active' }],
    [mine, { code: loanCodeHint }],
    [mine, { sort: 'principalAmount', order: 'asc' }],
    [mine, { sort: 'disbursementDate', order: 'desc' }],
    [mine, { sort: 'disbursementDate', order: 'asc' }],
    [mine, { sort: 'loanCode', order: 'asc' }],
    [mine, { sort: 'status', order: 'desc', page: '1', limit: '3' }],
    ['/loan/active-for-follow-up'],
    ['/loan/active-for-follow-up', { lenderBusinessId: String(b) }],
    ['/loan/active-for-follow-up', { page: '1', limit: '1' }],
    ...borrowerIds.flatMap((id): [string][] => [
      [`/borrower/${id}`],
      [`/loan-agreement/borrower/${id}`],
    ]),
    ...loanIds.map((id): [string] => [`/follow-up/loan/${id}`]),
    // The statements of the loans the agent applied for (not the colleague's or the lender's).
    ...loanIds
      .filter((id) => !othersLoanIds.includes(id))
      .map((id): [string] => [`/loan/${id}/statement`]),
    [`/borrower/all/${u}/${secondBusinessId}`],
    [`/loanplan/all-by-lender-business/${secondBusinessId}`],
    // The agent's Complaints screen, and the filters the API takes.
    ['/complaint'],
    ['/complaint', { status: 'open' }],
    ['/complaint', { status: 'resolved' }],
    ['/complaint', { lenderBusinessId: String(b) }],
    ['/complaint', { lenderBusinessId: String(secondBusinessId) }],
    ['/complaint', { overdue: 'true' }],
  ];
}

/** Part of a loan code (lower case), for the code filter. */
let loanCodeHint = '';

async function expectSameAsServer(db: WorkingSetDb) {
  const loans = await call(
    server,
    'GET',
    `/loan/all-existing-for-lender-business-by-agent/${lender.businessId}/${agent.id}`,
    undefined,
    agent.token,
  );
  loanCodeHint = (loans.body[0].loanCode as string).slice(2, 5).toLowerCase();
  const now = new Date();
  for (const [path, query] of agentReads()) {
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const online = await call(server, 'GET', `${path}${search}`, undefined, agent.token);
    expect(online.status, path).toBe(200);
    const local = await answerFromWorkingSet(agent.id, path, query, { db, now });
    expect(local, `${path}${search} answered from the phone`).toBeDefined();
    // A statement says when it was made: the server's moment, not the phone's.
    if (path.endsWith('/statement'))
      (local!.data as Statement).generatedAt = online.body.generatedAt;
    expect(JSON.parse(JSON.stringify(local!.data)), `${path}${search}`).toEqual(online.body);
    const total = online.headers.get('x-total-count');
    expect(local!.total, `${path}${search} total`).toBe(total === null ? null : Number(total));
  }
}

describe('reads from the phone', () => {
  it('answer every agent read exactly as the server does', async () => {
    const db = freshDb();
    const outcome = await syncWorkingSet(deps(db));
    expect(outcome.status).toBe('done');
    // Chunks of 4: the fill took several answers.
    expect(outcome.answers).toBeGreaterThan(3);
    await expectSameAsServer(db);
    // A statement the agent may not read is left to the server (which answers 404).
    for (const id of othersLoanIds) {
      expect(await answerFromWorkingSet(agent.id, `/loan/${id}/statement`, undefined, { db })).toBe(
        undefined,
      );
      const online = await call(server, 'GET', `/loan/${id}/statement`, undefined, agent.token);
      expect(online.status).toBe(404);
    }
  });

  it('stay the server’s after changes: a new loan, a follow-up, a renamed plan, a payment, complaints worked', async () => {
    const db = freshDb();
    await syncWorkingSet(deps(db));
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
      firstName: 'Nuru',
    });
    borrowerIds.push(borrower.id);
    const loan = await disbursedLoan(server, agent, lender, {
      borrowerId: borrower.id,
      planId,
      principal: 1_500,
    });
    loanIds.push(loan.id);
    await call(
      server,
      'POST',
      '/follow-up',
      { loanId: loan.id, comment: 'First visit done.' },
      colleague.token,
    );
    await server.database.db.execute(
      sql`update loan_plans set name = 'Mwezi mmoja' where id = ${planId}`,
    );
    // The lender works the agent's complaints: resolves one, recategorises and hands the
    // other to the colleague (renamed below); and the agent records a new one.
    for (const [id, change] of [
      [complaintIds[1]!, { status: 'resolved', resolution: 'Collector warned; calls stopped.' }],
      [complaintIds[0]!, { category: 'repayment_not_credited', ownerUserId: colleague.id }],
    ] as const) {
      const res = await call(server, 'PATCH', `/complaint/${id}`, change, lender.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    complaintIds.push(
      await complain(agent.token, {
        borrowerId: borrower.id,
        loanId: loan.id,
        category: 'disbursement',
        text: 'Received less than the principal.',
      }),
    );
    await server.database.db.execute(
      sql`update agents set first_name = 'Otieno Jr' where id = ${colleague.id}`,
    );
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 200,
      transId: 'WS2PART',
    });
    await eventually(
      async () => (await loanStatus(server, lender, loan.id)).outstandingAmount < 1_650,
    );
    const outcome = await syncWorkingSet(deps(db));
    expect(outcome).toMatchObject({ status: 'done', changed: true, answers: 1 });
    await expectSameAsServer(db);
    const mine = await answerFromWorkingSet(agent.id, '/complaint', undefined, { db });
    expect((mine!.data as { id: number }[]).map((c) => c.id).sort((a, b) => a - b)).toEqual(
      complaintIds,
    );
    expect(mine!.data).toContainEqual(
      expect.objectContaining({
        id: complaintIds[0],
        category: 'repayment_not_credited',
        ownerName: expect.stringMatching(/^Otieno Jr/),
      }),
    );
    // Nothing more for the phone (a 304, or an empty answer when only what the working
    // set leaves out moved meanwhile, such as an SMS's delivery status).
    expect(await syncWorkingSet(deps(db))).toMatchObject({ status: 'done', changed: false });
  });
});

describe('keeping itself right', () => {
  it('fills again when a list does not add up', async () => {
    const db = freshDb();
    await syncWorkingSet(deps(db));
    // A record lost on the phone (a bug, a cleaner): the next answer's counts catch it.
    await db.borrowers.delete(borrowerIds[0]!);
    await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
      firstName: 'Pili',
    });
    const outcome = await syncWorkingSet(deps(db));
    expect(outcome.status).toBe('done');
    expect(await db.borrowers.get(borrowerIds[0]!)).toBeDefined();
    await expectSameAsServer(db);
  });

  it('wipes itself when the server ended the session', async () => {
    const db = freshDb();
    const token = await login(server, 'agent', agent.email, agent.password);
    await syncWorkingSet(deps(db, token));
    expect(await db.borrowers.count()).toBeGreaterThan(0);
    expect((await call(server, 'POST', '/auth/logout', undefined, token)).status).toBe(204);
    expect(await syncWorkingSet(deps(db, token))).toMatchObject({ status: 'ended' });
    for (const table of [db.state, db.shards, ...db.recordTables])
      expect(await table.count()).toBe(0);
    expect(await db.complaints.count()).toBe(0);
  });

  it('belongs to one agent: another agent signing in starts from nothing', async () => {
    const db = freshDb();
    await syncWorkingSet(deps(db));
    const outcome = await syncWorkingSet({
      db,
      baseUrl: server.api,
      session: () => ({ userId: colleague.id, token: colleague.token }),
    });
    expect(outcome.status).toBe('done');
    expect((await db.state.get('state'))?.userId).toBe(colleague.id);
    expect(
      await answerFromWorkingSet(agent.id, `/borrower/${borrowerIds[0]}`, undefined, { db }),
    ).toBeUndefined();
  });

  it('answers nothing for a business not whole on the phone', async () => {
    const db = freshDb();
    // Offline from the start: nothing to answer with; the API client asks the server.
    const outcome = await syncWorkingSet({
      ...deps(db),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(outcome.status).toBe('offline');
    expect((await db.state.get('state'))?.problem).toEqual({ kind: 'offline' });
    expect(
      await answerFromWorkingSet(
        agent.id,
        `/borrower/all/${agent.id}/${lender.businessId}`,
        undefined,
        { db },
      ),
    ).toBeUndefined();
  });
});

describe('storage refused', () => {
  it('keeps the last good working set and says the storage is full', async () => {
    const db = freshDb();
    await syncWorkingSet(deps(db));
    const before = await db.state.get('state');
    const held = await db.borrowers.count();
    await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
      firstName: 'Sefu',
    });
    // The phone's quota is used up: IndexedDB refuses the write.
    const put = db.borrowers.bulkPut.bind(db.borrowers);
    db.borrowers.bulkPut = (() =>
      Promise.reject(
        new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      )) as never;
    try {
      expect(await syncWorkingSet(deps(db))).toMatchObject({ status: 'storage' });
    } finally {
      db.borrowers.bulkPut = put;
    }
    const after = await db.state.get('state');
    expect(after?.problem).toEqual({ kind: 'storage', quota: true });
    // Nothing half-written: the answer and its token were refused together.
    expect(after?.token).toBe(before?.token);
    expect(await db.borrowers.count()).toBe(held);
    // Space again: the next sync brings what was missed.
    expect(await syncWorkingSet(deps(db))).toMatchObject({ status: 'done', changed: true });
    expect((await db.state.get('state'))?.problem).toBeNull();
    expect(await db.borrowers.count()).toBe(held + 1);
  });
});
