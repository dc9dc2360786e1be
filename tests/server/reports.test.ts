/**
 * The eleven admin reports over HTTP. A small data set is
 * built through the API and the M-Pesa simulator — loans repaid, overpaid and refunded,
 * written off, defaulted by the fines job, partly paid, pending and rejected — and every
 * figure is checked against this file's own hand-worked arithmetic. Then: pagination
 * edges, refusals, and a seeded data set (seed:scale's code) whose reports must agree
 * with the same figures recomputed here from the raw tables by other SQL.
 */
import { sql } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nairobiToday, runFines } from '../../server/jobs/fines';
import { reportPaths } from '../../server/modules/reports/routes';
import { seedScale } from '../../server/scripts/seed-scale';
import { reportsText } from '../../src/i18n/reports';
import { jpeg, pdf } from '../support/files';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import {
  applyForLoan,
  deposit,
  disbursedLoan,
  eventually,
  ledgerViolations,
  pay,
} from '../support/money';
import { call, callForm, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: string;
let wanjiru: Lender;
let kamau: Lender;
let newLender: { id: number; token: string };
let agentA: Agent;
let agentB: Agent;
let invitedAgentId: number;
let secondBusinessId: number;
let started: number;

async function report(name: string, query = '') {
  const res = await call(server, 'GET', `/report/${name}${query}`, undefined, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, unknown>[]; total: number };
}

/** Moves a loan's disbursement and due dates into the past: time passing, for the reports. */
async function age(loanId: number, days: number) {
  await server.database.db.execute(sql`
    update loans set disbursement_date = disbursement_date - ${days} * interval '1 day',
      due_date = due_date - ${days} * interval '1 day'
    where id = ${loanId}`);
}

beforeAll(async () => {
  started = Date.now();
  server = await startTestServer();
  admin = await adminToken(server);
  wanjiru = await approvedLender(server, 'Wanjiru');
  kamau = await approvedLender(server, 'Kamau');
  const registered = await call(server, 'POST', '/auth/lender/register', {
    email: `new-${Date.now()}@example.co.ke`,
    password: 'Lender#2026',
  });
  newLender = {
    id: jwtDecode<{ id: number }>(registered.body.token.accessToken).id,
    token: registered.body.token.accessToken,
  };
  agentA = await activeAgent(server, wanjiru);
  agentB = await activeAgent(server, kamau);
  const invited = await call(
    server,
    'POST',
    '/agent/register',
    {
      firstName: 'Akinyi',
      lastName: 'Invited',
      email: `invited-${Date.now()}@example.co.ke`,
      idNumber: '45678901',
      phoneNumber: '0733000111',
      lenderBusinessId: wanjiru.businessId,
      lenderBusinessAreaId: agentA.areaId,
    },
    wanjiru.token,
  );
  invitedAgentId = invited.body.data.id;

  // Wanjiru's second business, funded with 1,000.
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, wanjiru.token);
  const second = await callForm(
    server,
    'POST',
    '/lender-business/register',
    {
      businessName: 'Wanjiru Boda Loans',
      paybillNumber: '4123456',
      defaultLoanLimit: 5000,
      lenderBusinessTypeId: types.body.find(
        (t: { businessType: string }) => t.businessType === 'business',
      ).id,
    },
    { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    wanjiru.token,
  );
  secondBusinessId = second.body.data.id;
  await deposit(server, wanjiru, 1_000, secondBusinessId);
  await deposit(server, wanjiru, 30_000);

  // Four weeks at 10% interest and a 2% fee; one week at 10%, with 10% over-period fines.
  const monthly = await createPlan(server, wanjiru, {
    repaymentCycleId: (await createCycle(server, wanjiru, 7)).id,
    durationInDays: 28,
    interestRate: 10,
    processingFee: 2,
  });
  const weekly = await createPlan(server, wanjiru, {
    repaymentCycleId: (await createCycle(server, wanjiru, 7)).id,
    durationInDays: 7,
    interestRate: 10,
    processingFee: 2,
    fineRateWithinLoanPeriod: 0,
    fineRateOverLoanPeriod: 10,
    gracePeriodWithinLoanPeriod: 0,
    gracePeriodOverLoanPeriod: 0,
  });
  const borrower = () => registerBorrower(server, agentA.token, wanjiru.businessId, agentA.areaId);
  const loan = async (planId: number, principal: number) =>
    disbursedLoan(server, agentA, wanjiru, {
      borrowerId: (await borrower()).id,
      planId,
      principal,
    });
  await registerBorrower(server, agentB.token, kamau.businessId, agentB.areaId);

  // L1: 10,000 repaid in full (11,000), 40 days ago.
  const l1 = await loan(monthly.id, 10_000);
  await pay(server, {
    paybill: wanjiru.paybill,
    account: l1.loanCode,
    amount: 11_000,
    transId: 'REP0000001',
  });
  await age(l1.id, 40);
  // L2: 5,000 overpaid by 500, which is refunded.
  const l2 = await loan(monthly.id, 5_000);
  await pay(server, {
    paybill: wanjiru.paybill,
    account: l2.loanCode,
    amount: 6_000,
    transId: 'REP0000002',
  });
  const refund = await call(
    server,
    'POST',
    '/refund/balance',
    {
      phoneNumber: '0712345678',
      loanCode: l2.loanCode,
      amount: 500,
      reason: 'The borrower asked for their other line',
    },
    wanjiru.token,
  );
  expect(refund.status).toBe(200);
  await eventually(async () => {
    const res = await call(server, 'GET', `/loan/refund/${l2.id}`, undefined, wanjiru.token);
    return res.body.latestWallet.refund.refunded === 'refunded';
  });
  // L3 (2,000) and L4 (1,000): a week's loans, due 33 days ago; the fines job draws four
  // over-period fines (10% of the outstanding each, compounding) and defaults both.
  const l3 = await loan(weekly.id, 2_000);
  const l4 = await loan(weekly.id, 1_000);
  await age(l3.id, 40);
  await age(l4.id, 40);
  const run = await runFines(server.database.db, nairobiToday(), { defaultAfterDays: 30 });
  expect(run).toMatchObject({ finesDrawn: 8, defaulted: 2 });
  // L3 is written off: 2,200 + 220 + 242 + 266.20 + 292.82 = 3,221.02.
  const writeOff = await call(server, 'PATCH', `/loan/writeoff/${l3.id}`, undefined, wanjiru.token);
  expect(writeOff.status).toBe(200);
  // L4 owes 1,100 + 110 + 121 + 133.10 + 146.41 = 1,610.51 and pays 600: fines 510.51 first,
  // then 89.49 of interest.
  await pay(server, {
    paybill: wanjiru.paybill,
    account: l4.loanCode,
    amount: 600,
    transId: 'REP0000004',
  });
  // L5: 4,000 active, 1,000 paid (400 interest, 600 principal).
  const l5 = await loan(monthly.id, 4_000);
  await pay(server, {
    paybill: wanjiru.paybill,
    account: l5.loanCode,
    amount: 1_000,
    transId: 'REP0000005',
  });
  // L6 pending, L7 rejected.
  await applyForLoan(server, agentA, wanjiru, {
    borrowerId: (await borrower()).id,
    planId: monthly.id,
    principal: 1_500,
  });
  const l7 = await applyForLoan(server, agentA, wanjiru, {
    borrowerId: (await borrower()).id,
    planId: monthly.id,
    principal: 2_500,
  });
  expect(
    (await call(server, 'PUT', `/loan/reject/${l7.id}`, undefined, wanjiru.token)).status,
  ).toBe(200);
  expect(await ledgerViolations(server)).toEqual([]);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

/** Wanjiru's row with her figures, then Kamau's and the new lender's, who have none. */
const lenderRows = (figures: object, none: object) => [
  { lenderId: wanjiru.id, lenderName: 'Wanjiru Lender', ...figures },
  { lenderId: kamau.id, lenderName: 'Kamau Lender', ...none },
  { lenderId: newLender.id, lenderName: null, ...none },
];

/** An instant written by this test run. */
const recent = (value: unknown) =>
  typeof value === 'string' &&
  Date.parse(value) >= started - 1_000 &&
  Date.parse(value) <= Date.now();

describe('report figures against hand-worked arithmetic', () => {
  it('All Lenders: every lender in id order, the new one without a profile', async () => {
    const { data, total } = await report('lenders');
    expect(total).toBe(3);
    expect(data).toEqual([
      {
        id: wanjiru.id,
        name: 'Wanjiru Lender',
        email: wanjiru.email,
        phoneNumber: '0712345678',
        status: 'Active',
        createdAt: expect.any(String),
      },
      {
        id: kamau.id,
        name: 'Kamau Lender',
        email: kamau.email,
        phoneNumber: '0712345678',
        status: 'Active',
        createdAt: expect.any(String),
      },
      {
        id: newLender.id,
        name: null,
        email: expect.stringMatching(/^new-/),
        phoneNumber: null,
        status: 'New',
        createdAt: expect.any(String),
      },
    ]);
    expect(data.every((row) => recent(row.createdAt))).toBe(true);
  });

  it('Borrowers Per Lender and Lender Businesses', async () => {
    expect((await report('borrowers-per-lender')).data).toEqual([
      {
        lenderId: wanjiru.id,
        lenderName: 'Wanjiru Lender',
        businesses: 2,
        borrowers: 7,
        activeBorrowers: 7,
      },
      {
        lenderId: kamau.id,
        lenderName: 'Kamau Lender',
        businesses: 1,
        borrowers: 1,
        activeBorrowers: 1,
      },
      { lenderId: newLender.id, lenderName: null, businesses: 0, borrowers: 0, activeBorrowers: 0 },
    ]);
    expect((await report('businesses-per-lender')).data).toEqual([
      { lenderId: wanjiru.id, lenderName: 'Wanjiru Lender', businesses: 2 },
      { lenderId: kamau.id, lenderName: 'Kamau Lender', businesses: 1 },
      { lenderId: newLender.id, lenderName: null, businesses: 0 },
    ]);
  });

  it('Agents Per Business: the invited agent counts, but not as active', async () => {
    const { data, total } = await report('agents-per-business');
    expect(total).toBe(3);
    expect(data).toEqual([
      {
        lenderBusinessId: wanjiru.businessId,
        businessName: 'Wanjiru Capital',
        lenderId: wanjiru.id,
        lenderName: 'Wanjiru Lender',
        agents: 2,
        activeAgents: 1,
      },
      {
        lenderBusinessId: kamau.businessId,
        businessName: 'Kamau Capital',
        lenderId: kamau.id,
        lenderName: 'Kamau Lender',
        agents: 1,
        activeAgents: 1,
      },
      {
        lenderBusinessId: secondBusinessId,
        businessName: 'Wanjiru Boda Loans',
        lenderId: wanjiru.id,
        lenderName: 'Wanjiru Lender',
        agents: 0,
        activeAgents: 0,
      },
    ]);
  });

  it("Capital Per Lender: the sum of the businesses' ledgers", async () => {
    // 30,000 in; 9,800 + 4,900 + 1,960 + 980 + 3,920 disbursed; 11,000 + 6,000 + 600 +
    // 1,000 repaid; 500 refunded: 26,540 — and 1,000 in the second business.
    expect((await report('capital-per-lender')).data).toEqual([
      { lenderId: wanjiru.id, lenderName: 'Wanjiru Lender', businesses: 2, capital: 27_540 },
      { lenderId: kamau.id, lenderName: 'Kamau Lender', businesses: 1, capital: 0 },
      { lenderId: newLender.id, lenderName: null, businesses: 0, capital: 0 },
    ]);
  });

  it('Loans Per Lender', async () => {
    expect((await report('loans-per-lender')).data).toEqual(
      lenderRows(
        {
          loanCount: 7,
          writtenOff: 1,
          defaulted: 1,
          writtenOffAmount: 3_221.02,
          defaultedAmount: 1_010.51,
        },
        { loanCount: 0, writtenOff: 0, defaulted: 0, writtenOffAmount: 0, defaultedAmount: 0 },
      ),
    );
  });

  it('Loan Performance: collected ÷ due for the loans past their due date', async () => {
    // Past due: L1 (11,000 due and paid), L3 (3,221.02 due, nothing paid), L4 (1,610.51
    // due, 600 paid). 11,600 ÷ 15,831.53 = 73.27%.
    const { data } = await report('loan-performance');
    expect(data[0]).toEqual({
      lenderId: wanjiru.id,
      lenderName: 'Wanjiru Lender',
      loans: 7,
      approved: 1,
      pending: 1,
      rejected: 1,
      writtenOff: 1,
      defaulted: 1,
      repaid: 2,
      amountDue: 15_831.53,
      amountCollected: 11_600,
      repaymentRate: 73.27,
    });
    expect(data[1]).toMatchObject({ lenderId: kamau.id, loans: 0, repaymentRate: null });
    expect(data[2]).toMatchObject({ lenderId: newLender.id, loans: 0, repaymentRate: null });
  });

  it('Revenue Per Lender: interest + processing fees + fines collected', async () => {
    // Fees of the five disbursed loans: 200 + 100 + 40 + 20 + 80 = 440. Interest collected:
    // 1,000 + 500 + 89.49 + 400 = 1,989.49. Fines collected: 510.51. The refund is not revenue.
    expect((await report('revenue-per-lender')).data).toEqual(
      lenderRows(
        { interest: 1_989.49, processingFees: 440, fines: 510.51, revenue: 2_940 },
        { interest: 0, processingFees: 0, fines: 0, revenue: 0 },
      ),
    );
  });

  it('Lender Activity: loans issued and the latest sign-in or action', async () => {
    const { data } = await report('lender-activity');
    expect(data.map(({ lastActive: _, ...row }) => row)).toEqual([
      { lenderId: wanjiru.id, lenderName: 'Wanjiru Lender', status: 'Active', loansIssued: 5 },
      { lenderId: kamau.id, lenderName: 'Kamau Lender', status: 'Active', loansIssued: 0 },
      { lenderId: newLender.id, lenderName: null, status: 'New', loansIssued: 0 },
    ]);
    expect(data.every((row) => recent(row.lastActive))).toBe(true);
  });

  it('Lender Activity: an action later than the last sign-in counts', async () => {
    // Wanjiru's latest M-Pesa request, an hour after her last signed-in request.
    const later = new Date(Date.now() + 3_600_000);
    await server.database.db.execute(
      sql`update mpesa_requests set created_at = ${later.toISOString()}::timestamptz
          where id = (select max(id) from mpesa_requests where initiated_by_user_id = ${wanjiru.id})`,
    );
    const { data } = await report('lender-activity');
    expect(data[0]!.lastActive).toBe(later.toISOString());
  });

  it('Agent Activity: applications filed; never signed in is null', async () => {
    const { data, total } = await report('agent-activity');
    expect(total).toBe(3);
    expect(data).toEqual([
      {
        agentId: agentA.id,
        agentName: 'Otieno Field',
        status: 'active',
        lastActive: expect.any(String),
        loanApplications: 7,
      },
      {
        agentId: agentB.id,
        agentName: 'Otieno Field',
        status: 'active',
        lastActive: expect.any(String),
        loanApplications: 0,
      },
      {
        agentId: invitedAgentId,
        agentName: 'Akinyi Invited',
        status: 'new',
        lastActive: null,
        loanApplications: 0,
      },
    ]);
    expect(recent(data[0]!.lastActive) && recent(data[1]!.lastActive)).toBe(true);
  });

  it('User Growth: this month in Nairobi, admins not counted', async () => {
    const month = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);
    expect(await report('user-growth')).toEqual({
      total: 1,
      data: [{ month, borrowers: 8, agents: 3, lenders: 3, newUsers: 14, totalUsers: 14 }],
    });
  });

  it('User Growth: months without sign-ups are rows too; the running total carries', async () => {
    await server.database.db.execute(
      sql`update borrowers set created_at = created_at - interval '62 days'
          where id = (select min(id) from borrowers)`,
    );
    const { data, total } = await report('user-growth');
    expect(total).toBe(3);
    expect(data.map((row) => [row.borrowers, row.newUsers, row.totalUsers])).toEqual([
      [7, 13, 14],
      [0, 0, 1],
      [1, 1, 1],
    ]);
    const months = data.map((row) => String(row.month));
    expect([...months].sort().reverse()).toEqual(months);
    await server.database.db.execute(
      sql`update borrowers set created_at = created_at + interval '62 days'
          where id = (select min(id) from borrowers)`,
    );
  });
});

describe('pagination', () => {
  it('pages through with limit, and answers an empty page past the end with the total', async () => {
    expect((await report('lenders', '?page=1&limit=2')).data.map((r) => r.id)).toEqual([
      wanjiru.id,
      kamau.id,
    ]);
    expect(await report('lenders', '?page=2&limit=2')).toMatchObject({
      total: 3,
      data: [{ id: newLender.id }],
    });
    expect(await report('lenders', '?page=3&limit=2')).toEqual({ data: [], total: 3 });
    expect(await report('revenue-per-lender', '?page=1000000&limit=100')).toEqual({
      data: [],
      total: 3,
    });
    expect((await report('lenders', '?limit=1')).data).toHaveLength(1);
    expect((await report('lenders', '?limit=100')).data).toHaveLength(3);
    expect((await report('user-growth', '?page=2')).data).toEqual([]);
  });

  it('defaults to page 1 and 10 rows', async () => {
    const all = await report('agents-per-business');
    expect(await report('agents-per-business', '?page=1&limit=10')).toEqual(all);
  });

  it.each([
    ['page=0', reportsText.invalidPage],
    ['page=-1', reportsText.invalidPage],
    ['page=1.5', reportsText.invalidPage],
    ['page=abc', reportsText.invalidPage],
    ['page=1000001', reportsText.invalidPage],
    ['page=1&page=2', reportsText.invalidPage],
    ['limit=0', reportsText.invalidLimit],
    ['limit=101', reportsText.invalidLimit],
    ['limit=ten', reportsText.invalidLimit],
  ])('refuses %s with a sentence', async (query, message) => {
    const res = await call(server, 'GET', `/report/lenders?${query}`, undefined, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('who may read the reports', () => {
  it.each(reportPaths)('%s: refused for lenders and agents, and without a token', async (path) => {
    for (const token of [wanjiru.token, agentA.token]) {
      const res = await call(server, 'GET', `/report/${path}`, undefined, token);
      expect(res.status).toBe(403);
    }
    expect((await call(server, 'GET', `/report/${path}`)).status).toBe(401);
  });

  it('documents each report and its definitions in OpenAPI', async () => {
    const spec = await call(server, 'GET', '/openapi.json');
    const revenue = spec.body.paths['/report/revenue-per-lender'].get;
    expect(revenue.description).toContain('interest + processingFees + fines');
    expect(spec.body.paths['/report/loan-performance'].get.description).toContain(
      'collected ÷ due for loans past their due date',
    );
    expect(spec.body.paths['/report/user-growth'].get.description).toContain('Africa/Nairobi');
    expect(spec.body.paths['/report/lender-activity'].get.description).toContain('last_active_at');
  });
});

describe('a seeded data set, recomputed from the raw tables', () => {
  let seeded: TestServer;
  let seededAdmin: string;
  beforeAll(async () => {
    seeded = await startTestServer();
    seededAdmin = await adminToken(seeded);
    await seedScale(seeded.database, { lenders: 24, borrowers: 600, loans: 3_000 }, () => {});
    // Borrowers pay on two written-off loans after the write-off: recoveries, one of them
    // beyond what was written off (the rest stays in the wallet, refundable).
    const writtenOff = (await seeded.database.db.execute(
      sql.raw(`select l.loan_code as code, w.amount from loans l
        join write_offs w on w.loan_id = l.id order by l.id limit 2`),
    )) as unknown as { rows: { code: string; amount: string }[] };
    const [part, whole] = writtenOff.rows;
    expect(part && whole).toBeTruthy();
    await pay(seeded, {
      paybill: seeded.config.mpesa.platformShortCode,
      account: part!.code,
      amount: 50,
      transId: 'RCVR000001',
    });
    await pay(seeded, {
      paybill: seeded.config.mpesa.platformShortCode,
      account: whole!.code,
      amount: Number(whole!.amount) + 20,
      transId: 'RCVR000002',
    });
  }, 120_000);
  afterAll(async () => {
    await seeded?.close();
  });

  async function everyRow(name: string) {
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call(
        seeded,
        'GET',
        `/report/${name}?page=${page}&limit=7`,
        undefined,
        seededAdmin,
      );
      expect(res.status).toBe(200);
      rows.push(...res.body.data);
      if (rows.length >= res.body.total) return { rows, total: res.body.total as number };
    }
  }

  /** Only these fields of each row. */
  const pick = (rows: Record<string, unknown>[], ...keys: string[]) =>
    rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

  async function query(text: string) {
    const answer = (await seeded.database.db.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
    };
    return answer.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value,
        ]),
      ),
    );
  }

  it('records payments after a write-off as recoveries, up to the amount written off', async () => {
    expect(
      await query(`select w.recovered_amount as recovered, w.amount - w.recovered_amount as unrecovered
        from write_offs w where w.recovered_amount > 0 order by w.loan_id`),
    ).toEqual([
      { recovered: 50, unrecovered: expect.any(Number) },
      { recovered: expect.any(Number), unrecovered: 0 },
    ]);
    const [wallet] = await query(`select sum(w.amount) as left from wallet_records w
      join write_offs o on o.loan_id = w.loan_id where o.recovered_amount > 0`);
    expect(wallet).toEqual({ left: 20 });
  });

  it('keeps the ledgers the product keeps', async () => {
    expect(await ledgerViolations(seeded)).toEqual([]);
    const [counts] = await query(
      `select count(distinct status)::int as statuses, count(*)::int as loans from loans`,
    );
    expect(counts).toEqual({ statuses: 6, loans: 3_000 });
  });

  it('loans, revenue and repayment rate per lender agree with sums over every repayment', async () => {
    const expected = await query(`
      select l.id as "lenderId",
        count(lo.id)::int as "loanCount",
        count(lo.id) filter (where lo.status = 'written_off')::int as "writtenOff",
        count(lo.id) filter (where lo.status = 'default')::int as "defaulted",
        coalesce((select sum(w.amount) from write_offs w join loans x on x.id = w.loan_id
          join lender_businesses b on b.id = x.lender_business_id where b.lender_id = l.id), 0) as "writtenOffAmount",
        coalesce((select sum(p.interest_amount) from loan_payments p
          join lender_businesses b on b.id = p.lender_business_id where b.lender_id = l.id), 0) as interest,
        coalesce((select sum(p.fine_amount) from loan_payments p
          join lender_businesses b on b.id = p.lender_business_id where b.lender_id = l.id), 0) as fines,
        coalesce(sum(lo.processing_fee) filter (where lo.disbursement_date is not null), 0) as "processingFees",
        (select round(100 * sum((select coalesce(sum(p.total), 0) from loan_payments p where p.loan_id = x.id))
            / nullif(sum(x.initial_amount + (select coalesce(sum(f.fine_amount), 0) from fines f where f.loan_id = x.id)), 0), 2)
          from loans x join lender_businesses b on b.id = x.lender_business_id
          where b.lender_id = l.id and x.disbursement_date is not null and x.due_date < now()) as "repaymentRate"
      from lenders l
      left join lender_businesses lb on lb.lender_id = l.id
      left join loans lo on lo.lender_business_id = lb.id
      group by l.id order by l.id`);
    const loans = await everyRow('loans-per-lender');
    const revenue = await everyRow('revenue-per-lender');
    const performance = await everyRow('loan-performance');
    expect(loans.total).toBe(24);
    expect(
      expected.map((row) => ({
        lenderId: row.lenderId,
        loanCount: row.loanCount,
        writtenOff: row.writtenOff,
        defaulted: row.defaulted,
        writtenOffAmount: row.writtenOffAmount,
      })),
    ).toEqual(loans.rows.map(({ lenderName: _, defaultedAmount: __, ...row }) => row));
    expect(
      expected.map((row) => ({
        lenderId: row.lenderId,
        interest: row.interest,
        fines: row.fines,
        processingFees: row.processingFees,
      })),
    ).toEqual(revenue.rows.map(({ lenderName: _, revenue: __, ...row }) => row));
    expect(expected.map((row) => row.repaymentRate ?? null)).toEqual(
      performance.rows.map((row) => row.repaymentRate),
    );
    expect(revenue.rows.some((row) => Number(row.fines) > 0)).toBe(true);
  });

  it.each([
    [
      'capital-per-lender',
      ['lenderId', 'capital'],
      `select l.id as "lenderId", coalesce(sum(c.amount), 0) as capital
       from lenders l left join lender_businesses b on b.lender_id = l.id
       left join capital_transactions c on c.lender_business_id = b.id
       group by l.id order by l.id`,
    ],
    [
      'borrowers-per-lender',
      ['lenderId', 'borrowers'],
      `select l.id as "lenderId", count(br.id)::int as borrowers
       from lenders l left join lender_businesses b on b.lender_id = l.id
       left join borrowers br on br.lender_business_id = b.id
       group by l.id order by l.id`,
    ],
    [
      'lender-activity',
      ['lenderId', 'loansIssued'],
      `select l.id as "lenderId",
         count(lo.id) filter (where lo.disbursement_date is not null)::int as "loansIssued"
       from lenders l left join lender_businesses b on b.lender_id = l.id
       left join loans lo on lo.lender_business_id = b.id
       group by l.id order by l.id`,
    ],
    [
      'agent-activity',
      ['agentId', 'loanApplications'],
      `select a.id as "agentId",
         (select count(*)::int from loans lo where lo.requester_user_id = a.id) as "loanApplications"
       from agents a order by a.id`,
    ],
  ])('%s agrees with its table', async (name, keys, text) => {
    expect(pick((await everyRow(name)).rows, ...keys)).toEqual(await query(text));
  });

  it('user growth agrees with the sign-ups of each month', async () => {
    const months = await query(`
      select to_char(m, 'YYYY-MM') as month, count(*)::int as n from (
        select date_trunc('month', created_at at time zone 'Africa/Nairobi') as m from borrowers
        union all
        select date_trunc('month', created_at at time zone 'Africa/Nairobi') from users where role in ('lender', 'agent')
      ) s group by m order by m desc`);
    const growth = await everyRow('user-growth');
    const byMonth = new Map(months.map((row) => [row.month, row.n]));
    expect(
      growth.rows.filter((row) => Number(row.newUsers) > 0).map((r) => [r.month, r.newUsers]),
    ).toEqual(months.map((row) => [row.month, row.n]));
    expect(growth.rows[0]!.totalUsers).toBe(
      [...byMonth.values()].reduce((a, b) => Number(a) + Number(b), 0),
    );
  });
});
