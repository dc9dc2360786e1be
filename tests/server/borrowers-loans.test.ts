import { eq } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { computeLoanTerms } from '../../src/domain/loan-terms';
import { toCents } from '../../src/domain/money';
import { borrowers, loanInstalments, loanPlans } from '../../server/db/schema';
import { FAKE_PNG, jpeg, PNG, png } from '../support/files';
import { borrowersText } from '../../src/i18n/borrowers';
import { borrowersCatalogue } from '../../src/i18n/catalogues';
import {
  consentFields,
  activeAgent,
  adminToken,
  approvedLender,
  createCycle,
  createPlan,
  lendingBook,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { call, callForm, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let otherLender: Lender;
let otherAgent: Agent;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Kamau',
    plan: { durationInDays: 30, interestRate: 10, processingFee: 2.5 },
  }));
  otherLender = await approvedLender(server, 'Achieng');
  otherAgent = await activeAgent(server, otherLender);
});
afterAll(async () => {
  await server?.close();
});

const base = () => ({
  firstName: 'Mary',
  lastName: 'Wambui',
  phoneNumber: '0722334455',
  lenderBusinessId: lender.businessId,
  lenderBusinessAreaId: agent.areaId,
  gender: 'female',
  dob: '1990-04-12',
  nextOfKinName: 'John Wambui',
  nextOfKinNumber: '0711000000',
  nextOfKinRelation: 'Brother',
  idNumber: '11223344',
  ...consentFields(),
});

describe('borrowers', () => {
  it('keeps the consent with the borrower: the text, its version and when; none, an old text or a future time is refused', async () => {
    const { consent: _consent, ...withoutConsent }: Record<string, string | number> = base();
    const count = async () =>
      (await server.database.db.select({ id: borrowers.id }).from(borrowers)).length;
    const before = await count();
    const attempts: [Record<string, string | number>, string][] = [
      [{ ...withoutConsent, idNumber: '61000001' }, borrowersText.consentRequired],
      [{ ...base(), consent: 'false', idNumber: '61000002' }, borrowersText.consentRequired],
      [
        { ...base(), consentVersion: '2020-01-01', idNumber: '61000003' },
        borrowersText.consentOutdated,
      ],
      [
        {
          ...base(),
          consentAt: new Date(Date.now() + 3_600_000).toISOString(),
          idNumber: '61000004',
        },
        borrowersText.consentTimeInvalid,
      ],
      [
        { ...base(), consentAt: 'yesterday', idNumber: '61000005' },
        borrowersText.consentTimeInvalid,
      ],
    ];
    for (const [fields, message] of attempts) {
      const refused = await callForm(
        server,
        'POST',
        '/borrower/register',
        { ...fields, phoneNumber: '0722000999' },
        { passportPhoto: png() },
        agent.token,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await count()).toBe(before);

    // Registered offline two days ago, sent today: the consent keeps its own time.
    const agreed = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const res = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0722000998', idNumber: '61000006', consentAt: agreed },
      { passportPhoto: png() },
      agent.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.consentVersion).toBe(BORROWER_CONSENT_VERSION);
    expect(new Date(res.body.data.consentedAt).toISOString()).toBe(agreed);
    const [stored] = await server.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, res.body.data.id));
    expect(stored!.consentText).toBe(borrowersCatalogue.en.consentText);
    expect(stored!.consentedAt!.toISOString()).toBe(agreed);

    // Read to the borrower in Kiswahili: the words kept are the Swahili ones.
    const inSwahili = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0722000997', idNumber: '61000007', consentLanguage: 'sw' },
      { passportPhoto: png() },
      agent.token,
    );
    expect(inSwahili.status).toBe(201);
    const [storedSw] = await server.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, inSwahili.body.data.id));
    expect(storedSw!.consentText).toBe(borrowersCatalogue.sw.consentText);
    expect(storedSw!.consentText).not.toBe(borrowersCatalogue.en.consentText);
  });

  it('registers a borrower: phone normalised, loan limit from the business, photo stored', async () => {
    const res = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '+254 722 334 455', alternativePhoneNumber: '0112345678' },
      { passportPhoto: png() },
      agent.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      phoneNumber: '254722334455',
      alternativePhoneNumber: '254112345678',
      loanLimit: 20000,
      status: 'active',
      lenderBusinesses: [{ id: lender.businessId, businessName: 'Kamau Capital' }],
      lenderBusinessArea: { id: agent.areaId },
    });
    expect(res.body.data.passportPhoto).toMatch(/^borrowers\//);
    const link = await call(
      server,
      'GET',
      `/auth/lender/presigned-url?bucket=mkopo-documents&fileName=${res.body.data.passportPhoto}`,
      undefined,
      lender.token,
    );
    expect(link.status).toBe(200);
    const foreign = await call(
      server,
      'GET',
      `/auth/lender/presigned-url?bucket=mkopo-documents&fileName=${res.body.data.passportPhoto}`,
      undefined,
      otherAgent.token,
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses a phone number or ID number already registered in the business, in any spelling', async () => {
    const phone = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '254722334455', idNumber: '99887766' },
      { passportPhoto: png() },
      agent.token,
    );
    expect([phone.status, phone.body.message]).toEqual([
      409,
      'A borrower with this phone number is already registered in this business.',
    ]);
    const id = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0799887766' },
      { passportPhoto: png() },
      agent.token,
    );
    expect([id.status, id.body.message]).toEqual([
      409,
      'A borrower with this ID number is already registered in this business.',
    ]);
    // Another business may register the same person.
    const elsewhere = await callForm(
      server,
      'POST',
      '/borrower/register',
      {
        ...base(),
        lenderBusinessId: otherLender.businessId,
        lenderBusinessAreaId: otherAgent.areaId,
      },
      { passportPhoto: png() },
      otherAgent.token,
    );
    expect(elsewhere.status).toBe(201);
  });

  it.each([
    [{ firstName: 'M' }, 'First name must be at least 2 characters'],
    [{ lastName: '' }, 'Last name must be at least 2 characters'],
    [{ phoneNumber: '07' }, 'Phone number must be at least 3 characters'],
    [{ phoneNumber: '0812345678' }, 'Enter a Kenyan mobile number, e.g. 0712345678'],
    [{ lenderBusinessId: '' }, 'Business is required'],
    [{ lenderBusinessAreaId: '' }, 'Area is required'],
    [{ gender: 'unknown' }, 'Gender must be male, female or other'],
    [{ dob: '' }, 'Date of birth is required'],
    [{ dob: '2020-01-01' }, 'Enter a valid date of birth (the borrower must be at least 18)'],
    [{ nextOfKinName: 'J' }, 'Next of kin name must be at least 2 characters'],
    [{ nextOfKinNumber: '07' }, 'Next of kin number must be at least 3 characters'],
    [{ nextOfKinRelation: 'B' }, 'Next of kin relation must be at least 2 characters'],
    [{ idNumber: '' }, 'ID number is required'],
  ])('validates %j', async (override, message) => {
    const res = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), ...override },
      { passportPhoto: png() },
      agent.token,
    );
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it.each([
    [{}, 'Provide either a passport photo or both ID front and back'],
    [{ idFront: png() }, 'Provide either a passport photo or both ID front and back'],
    [
      { passportPhoto: png(), idFront: png(), idBack: jpeg() },
      'Provide only one: either passport photo or both ID images, not both',
    ],
    [
      { passportPhoto: { bytes: FAKE_PNG, name: 'me.png', type: 'image/png' } },
      'me.png is not a JPEG, PNG, WebP or PDF file. Please upload a photo or a PDF.',
    ],
  ])('applies the document rules (%#)', async (files, message) => {
    const res = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0700111999', idNumber: '55443322' },
      files,
      agent.token,
    );
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('refuses an alternative phone that is not Kenyan, and an area or referrer of another business', async () => {
    const elsewhere = await registerBorrower(
      server,
      otherAgent.token,
      otherLender.businessId,
      otherAgent.areaId,
    );
    for (const [override, message] of [
      [{ alternativePhoneNumber: '12345' }, borrowersText.alternativePhoneNotKenyan],
      [{ lenderBusinessAreaId: otherAgent.areaId }, borrowersText.areaNotInBusiness],
      [{ referringBorrowerId: elsewhere.id }, borrowersText.referrerNotInBusiness],
    ] as const) {
      const res = await callForm(
        server,
        'POST',
        '/borrower/register',
        { ...base(), phoneNumber: '0700222111', idNumber: '66554433', ...override },
        { passportPhoto: png() },
        agent.token,
      );
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('refuses a photo above UPLOAD_MAX_BYTES, on register and on edit, and stores nothing', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const before = await call(server, 'GET', `/borrower/${borrower.id}`, undefined, agent.token);
    expect(before.body.passportPhoto).toBeTruthy();
    const big = {
      bytes: new Uint8Array(6 * 1024 * 1024).map((_, i) => (i < PNG.length ? PNG[i]! : 0)),
      name: 'big.png',
      type: 'image/png',
    };
    const registered = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0700333222', idNumber: '77665544' },
      { passportPhoto: big },
      agent.token,
    );
    expect([registered.status, registered.body.message]).toEqual([
      400,
      'big.png is larger than 5 MB.',
    ]);
    const edited = await callForm(
      server,
      'PUT',
      `/borrower/${borrower.id}`,
      { ...base(), phoneNumber: borrower.phoneNumber, idNumber: borrower.idNumber },
      { passportPhoto: { bytes: FAKE_PNG, name: 'fake.png', type: 'image/png' } },
      agent.token,
    );
    expect([edited.status, edited.body.message]).toEqual([
      400,
      'fake.png is not a JPEG, PNG, WebP or PDF file. Please upload a photo or a PDF.',
    ]);
    const after = await call(server, 'GET', `/borrower/${borrower.id}`, undefined, agent.token);
    expect(after.body.passportPhoto).toBe(before.body.passportPhoto);
  });

  it('edits a borrower without files; lists, counts and detail', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const edited = await callForm(
      server,
      'PUT',
      `/borrower/${borrower.id}`,
      {
        ...base(),
        phoneNumber: borrower.phoneNumber,
        idNumber: borrower.idNumber,
        firstName: 'Maryanne',
      },
      {},
      agent.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.firstName).toBe('Maryanne');
    expect(edited.body.data.passportPhoto).toBeTruthy();

    const list = await call(
      server,
      'GET',
      `/borrower/all/${agent.id}/${lender.businessId}`,
      undefined,
      agent.token,
    );
    expect(list.body.map((b: { id: number }) => b.id)).toContain(borrower.id);
    const referrers = await call(
      server,
      'GET',
      `/borrower/by-business/${lender.businessId}`,
      undefined,
      agent.token,
    );
    expect(referrers.body.length).toBe(list.body.length);
    expect(list.headers.get('x-total-count')).toBeNull();

    // Paged on request: the same borrowers, by name, a page at a time, with the total.
    const names = list.body.map((b: { id: number }) => b.id);
    const pages: number[] = [];
    for (let page = 1; page <= names.length; page += 1) {
      const paged = await call(
        server,
        'GET',
        `/borrower/all/${agent.id}/${lender.businessId}?page=${page}&limit=1`,
        undefined,
        agent.token,
      );
      expect(paged.status).toBe(200);
      expect(paged.headers.get('x-total-count')).toBe(String(names.length));
      expect(paged.body).toHaveLength(1);
      pages.push(paged.body[0].id);
    }
    expect(pages).toEqual(names);
    const beyond = await call(
      server,
      'GET',
      `/borrower/by-business/${lender.businessId}?page=${names.length + 1}&limit=1`,
      undefined,
      agent.token,
    );
    expect(beyond.body).toEqual([]);
    const badPage = await call(
      server,
      'GET',
      `/borrower/by-business/${lender.businessId}?page=0`,
      undefined,
      agent.token,
    );
    expect(badPage.status).toBe(400);
    const data = await call(
      server,
      'GET',
      `/borrower/data/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(data.body.borrowerStatsCounts.active).toBe(list.body.length);
    const byAgent = await call(
      server,
      'GET',
      `/borrower/count-by-agent/${lender.businessId}/${agent.id}`,
      undefined,
      lender.token,
    );
    expect(byAgent.body.totalCount).toBe(list.body.length);
    const admin = await call(server, 'GET', '/borrower/count', undefined, await adminToken(server));
    // Every status, and erased borrowers apart.
    expect(Object.keys(admin.body.borrowerStatsCounts)).toEqual([
      'active',
      'suspended',
      'flagged',
      'blocked',
      'erased',
    ]);
    const detail = await call(server, 'GET', `/borrower/${borrower.id}`, undefined, agent.token);
    expect(detail.body).toMatchObject({ id: borrower.id, firstName: 'Maryanne', loans: [] });
  });

  it("tenancy: an agent of business A cannot see or change business B's borrowers", async () => {
    const mine = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    for (const url of [
      `/borrower/${mine.id}`,
      `/borrower/all/${otherAgent.id}/${lender.businessId}`,
      `/borrower/by-business/${lender.businessId}`,
    ]) {
      const res = await call(server, 'GET', url, undefined, otherAgent.token);
      expect([url, res.status]).toEqual([url, 404]);
    }
    // A business's totals are its lender's: no agent reads them, its own neither.
    for (const who of [otherAgent, agent]) {
      const res = await call(
        server,
        'GET',
        `/borrower/data/${lender.businessId}`,
        undefined,
        who.token,
      );
      expect(res.status).toBe(403);
    }
    const edit = await callForm(
      server,
      'PUT',
      `/borrower/${mine.id}`,
      base(),
      {},
      otherAgent.token,
    );
    expect(edit.status).toBe(404);
    const create = await callForm(
      server,
      'POST',
      '/borrower/register',
      { ...base(), phoneNumber: '0733221100', idNumber: '66554433' },
      { passportPhoto: png() },
      otherAgent.token,
    );
    expect(create.status).toBe(404);
  });
});

describe('loan applications', () => {
  it('computes and stores the terms with src/domain arithmetic', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const res = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: planId,
        principalAmount: 10000,
        lenderBusinessId: lender.businessId,
      },
      agent.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Loan application submitted successfully!');
    const expected = computeLoanTerms(toCents(10000), {
      interestRate: 10,
      processingFee: 2.5,
      durationInDays: 30,
      cycleDays: 7,
    });
    expect(res.body.data).toMatchObject({
      status: 'pending',
      principalAmount: 10000,
      processingFee: 250,
      interestAmount: 1000,
      initialAmount: 11000,
      disbursementAmount: 9750,
      outstandingAmount: 11000,
      requesterAgent: { firstName: 'Otieno' },
      approverAgent: null,
      disbursementDate: null,
      lenderLoanPlan: { id: planId, interestRate: 10, processingFee: 2.5, durationInDays: 30 },
    });
    expect(res.body.data.loanCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const schedule = await server.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, res.body.data.id));
    expect(schedule.map((i) => toCents(i.amount))).toEqual(expected.schedule.map((i) => i.amount));

    // A later change to the plan never changes the loan.
    await server.database.db
      .update(loanPlans)
      .set({ interestRate: '50.00' })
      .where(eq(loanPlans.id, planId));
    const loans = await call(
      server,
      'GET',
      `/loan/from-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(loans.body.find((l: { id: number }) => l.id === res.body.data.id).interestAmount).toBe(
      1000,
    );
    await server.database.db
      .update(loanPlans)
      .set({ interestRate: '10.00' })
      .where(eq(loanPlans.id, planId));
  });

  // Worked by hand from docs/architecture.md §4 (fee to whole shillings, interest to the cent, both
  // half up; cycle payment = total × 7 / 30 to whole shillings; the last takes the rest).
  it.each([
    {
      principal: 1020,
      rates: { processingFee: 2.5, interestRate: 10 },
      // fee 25.50 → 26; interest 102.00; cycle 1,122 × 7 / 30 = 261.8 → 262
      expected: { fee: 26, interest: 102, total: 1122, disbursement: 994 },
      schedule: [262, 262, 262, 262, 74],
    },
    {
      principal: 3333,
      rates: { processingFee: 1.5, interestRate: 12.5 },
      // fee 49.995 → 50; interest 416.625 → 416.63; cycle 874.91 → 875
      expected: { fee: 50, interest: 416.63, total: 3749.63, disbursement: 3283 },
      schedule: [875, 875, 875, 875, 249.63],
    },
    {
      principal: 4000.5,
      rates: { processingFee: 2.5, interestRate: 10 },
      // fee 100.0125 → 100; interest 400.05; cycle 1,026.795 → 1,027
      expected: { fee: 100, interest: 400.05, total: 4400.55, disbursement: 3900.5 },
      schedule: [1027, 1027, 1027, 1027, 292.55],
    },
  ])('stores the terms of $principal exactly, to the cent', async (example) => {
    const cycle = await createCycle(server, lender, 7);
    const plan = await createPlan(server, lender, {
      repaymentCycleId: cycle.id,
      durationInDays: 30,
      ...example.rates,
    });
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const res = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: plan.id,
        principalAmount: example.principal,
        lenderBusinessId: lender.businessId,
      },
      agent.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      principalAmount: example.principal,
      processingFee: example.expected.fee,
      interestAmount: example.expected.interest,
      initialAmount: example.expected.total,
      outstandingAmount: example.expected.total,
      disbursementAmount: example.expected.disbursement,
    });
    const schedule = await server.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, res.body.data.id))
      .orderBy(loanInstalments.number);
    expect(schedule.map((instalment) => Number(instalment.amount))).toEqual(example.schedule);
  });

  it('refuses above the loan limit, below 1, a second open loan, and a plan of another business', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const apply = (body: Record<string, unknown>) =>
      call(
        server,
        'POST',
        '/loan/apply',
        {
          borrowerId: borrower.id,
          lenderLoanPlanId: planId,
          principalAmount: 1000,
          lenderBusinessId: lender.businessId,
          ...body,
        },
        agent.token,
      );
    const over = await apply({ principalAmount: 20000.01 });
    expect([over.status, over.body.message]).toEqual([
      400,
      "The principal is above this borrower's loan limit of KES 20,000.00.",
    ]);
    const zero = await apply({ principalAmount: 0 });
    expect([zero.status, zero.body.message]).toEqual([400, 'Amount must be greater than 0']);
    const otherPlan = await createPlan(server, otherLender);
    const foreign = await apply({ lenderLoanPlanId: otherPlan.id });
    expect([foreign.status, foreign.body.message]).toEqual([
      400,
      'Choose a loan plan of this business.',
    ]);
    expect((await apply({ principalAmount: 20000 })).status).toBe(201);
    const second = await apply({});
    expect([second.status, second.body.message]).toEqual([
      409,
      'This borrower already has an open loan in this business.',
    ]);
  });

  it('two applications racing for one borrower create one loan', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const body = {
      borrowerId: borrower.id,
      lenderLoanPlanId: planId,
      principalAmount: 500,
      lenderBusinessId: lender.businessId,
    };
    const results = await Promise.all(
      [1, 2, 3].map(() => call(server, 'POST', '/loan/apply', body, agent.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('edit and reject only while pending; lists and stats', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const applied = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: planId,
        principalAmount: 3000,
        lenderBusinessId: lender.businessId,
      },
      agent.token,
    );
    const id = applied.body.data.id as number;
    const edited = await call(
      server,
      'PUT',
      `/loan/update-loan/${id}`,
      { loanPlanId: planId, principalAmount: '4000.50' },
      lender.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      principalAmount: 4000.5,
      interestAmount: 400.05,
      processingFee: 100,
      initialAmount: 4400.55,
      disbursementAmount: 3900.5,
    });
    const byAgent = await call(
      server,
      'PUT',
      `/loan/update-loan/${id}`,
      { loanPlanId: planId, principalAmount: 100 },
      agent.token,
    );
    expect(byAgent.status).toBe(403);

    const stats = await call(
      server,
      'GET',
      `/loan/data/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(stats.body.statusCounts.pending).toBeGreaterThanOrEqual(1);
    expect(stats.body.totalPending).toBeGreaterThanOrEqual(4000.5);
    const agentStats = await call(
      server,
      'GET',
      `/loan/all-stats-for-lender-business-by-agent/${lender.businessId}/${agent.id}`,
      undefined,
      agent.token,
    );
    expect(agentStats.body.statusCounts.pending).toBe(stats.body.statusCounts.pending);
    const agentLoans = await call(
      server,
      'GET',
      `/loan/all-existing-for-lender-business-by-agent/${lender.businessId}/${agent.id}`,
      undefined,
      agent.token,
    );
    expect(agentLoans.body.some((l: { id: number }) => l.id === id)).toBe(true);

    expect((await call(server, 'PUT', `/loan/reject/${id}`, undefined, lender.token)).status).toBe(
      200,
    );
    const again = await call(server, 'PUT', `/loan/reject/${id}`, undefined, lender.token);
    expect([again.status, again.body.message]).toEqual([
      409,
      'Only a pending loan can be changed; this loan is rejected.',
    ]);
    const editRejected = await call(
      server,
      'PUT',
      `/loan/update-loan/${id}`,
      { loanPlanId: planId, principalAmount: 100 },
      lender.token,
    );
    expect(editRejected.status).toBe(409);
    // After a rejection the borrower may apply again.
    const reapply = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: planId,
        principalAmount: 100,
        lenderBusinessId: lender.businessId,
      },
      agent.token,
    );
    expect(reapply.status).toBe(201);
    const detail = await call(server, 'GET', `/borrower/${borrower.id}`, undefined, agent.token);
    expect(detail.body.loans.map((l: { status: string }) => l.status)).toEqual([
      'pending',
      'rejected',
    ]);
  });

  it("pages, filters and orders a business's loans on the server", async () => {
    const list = (query: string) =>
      call(
        server,
        'GET',
        `/loan/from-lender-business/${lender.businessId}${query}`,
        undefined,
        lender.token,
      );
    type Row = { id: number; loanCode: string; status: string; principalAmount: number };
    const all = (await list('')).body as Row[];
    expect(all.length).toBeGreaterThanOrEqual(3);

    const first = await list('?page=1&limit=2');
    expect(first.headers.get('x-total-count')).toBe(String(all.length));
    expect(first.body.map((l: Row) => l.id)).toEqual(all.slice(0, 2).map((l) => l.id));
    const last = Math.ceil(all.length / 2);
    const end = await list(`?page=${last}&limit=2`);
    expect(end.body.map((l: Row) => l.id)).toEqual(all.slice((last - 1) * 2).map((l) => l.id));
    expect((await list(`?page=${last + 1}&limit=2`)).body).toEqual([]);

    const pending = await list('?page=1&limit=100&status=pending');
    expect(pending.body.map((l: Row) => l.id)).toEqual(
      all.filter((l) => l.status === 'pending').map((l) => l.id),
    );
    const code = all[0]!.loanCode.slice(2, 6).toLowerCase();
    const byCode = await list(`?page=1&limit=100&code=${code}`);
    expect(byCode.body.map((l: Row) => l.id)).toEqual(
      all.filter((l) => l.loanCode.toLowerCase().includes(code)).map((l) => l.id),
    );
    expect((await list('?page=1&code=%25')).body).toEqual([]);

    const cheapest = await list('?page=1&limit=100&sort=principalAmount&order=asc');
    const amounts = cheapest.body.map((l: Row) => l.principalAmount);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => a - b));

    for (const bad of ['?page=0', '?page=1&limit=500', '?status=lost', '?sort=borrower']) {
      expect((await list(bad)).status).toBe(400);
    }
    const stats = await call(
      server,
      'GET',
      `/loan/data/${lender.businessId}?code=${code}`,
      undefined,
      lender.token,
    );
    const counted = Object.values(stats.body.statusCounts as Record<string, number>).reduce(
      (sum, n) => sum + n,
      0,
    );
    expect(counted).toBe(byCode.body.length);
  });

  it("tenancy: another business's agent or lender cannot see or touch these loans", async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const applied = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: planId,
        principalAmount: 700,
        lenderBusinessId: lender.businessId,
      },
      agent.token,
    );
    const agentUserId = jwtDecode<{ id: number }>(agent.token).id;
    for (const url of [
      `/loan/from-lender-business/${lender.businessId}`,
      `/loan/all-existing-for-lender-business/${lender.businessId}`,
      `/loan/data/${lender.businessId}`,
    ]) {
      // The whole loan book is the lender's: another lender gets 404, any agent 403.
      expect([url, (await call(server, 'GET', url, undefined, otherLender.token)).status]).toEqual([
        url,
        404,
      ]);
      for (const someAgent of [otherAgent, agent]) {
        const res = await call(server, 'GET', url, undefined, someAgent.token);
        expect([url, res.status]).toEqual([url, 403]);
      }
    }
    for (const url of [
      `/loan/all-stats-for-lender-business-by-agent/${lender.businessId}/${agentUserId}`,
      `/loan/all-existing-for-lender-business-by-agent/${lender.businessId}/${agentUserId}`,
      `/borrower/count-by-agent/${lender.businessId}/${agentUserId}`,
      `/borrower/${borrower.id}`,
      `/borrower/by-business/${lender.businessId}`,
    ]) {
      for (const stranger of [otherAgent, otherLender]) {
        const res = await call(server, 'GET', url, undefined, stranger.token);
        expect([url, res.status]).toEqual([url, 404]);
      }
    }
    const edit = await call(
      server,
      'PUT',
      `/loan/update-loan/${applied.body.data.id}`,
      { loanPlanId: planId, principalAmount: 800 },
      otherLender.token,
    );
    expect(edit.status).toBe(404);
    expect(
      (
        await call(
          server,
          'PUT',
          `/loan/reject/${applied.body.data.id}`,
          undefined,
          otherLender.token,
        )
      ).status,
    ).toBe(404);
    const crossApply = await call(
      server,
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: planId,
        principalAmount: 700,
        lenderBusinessId: otherLender.businessId,
      },
      otherAgent.token,
    );
    expect(crossApply.status).toBe(404);
    expect(crossApply.body.message).toBe('Choose a borrower of this business.');
  });
});
