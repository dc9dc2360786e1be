import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, pdf } from '../support/files';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createArea,
  createCycle,
  createPlan,
  type Lender,
} from '../support/fixtures';
import {
  call,
  callForm,
  lastMailedLink,
  login,
  startTestServer,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
let lenderA: Lender;
let lenderB: Lender;
beforeAll(async () => {
  server = await startTestServer();
  lenderA = await approvedLender(server, 'Wanjiru');
  lenderB = await approvedLender(server, 'Mutua');
});
afterAll(async () => {
  await server?.close();
});

async function typeId(): Promise<number> {
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, lenderA.token);
  return types.body.find((t: { businessType: string }) => t.businessType === 'business')
    .id as number;
}

describe('business registration', () => {
  it("registers a second business that starts as new and appears in the lender's list", async () => {
    const res = await callForm(
      server,
      'POST',
      '/lender-business/register',
      {
        businessName: 'Wanjiru Boda Loans',
        paybillNumber: '4123456',
        defaultLoanLimit: 5000,
        lenderBusinessTypeId: await typeId(),
      },
      { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
      lenderA.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Lender Business successfully created');
    expect(res.body.data).toMatchObject({
      businessName: 'Wanjiru Boda Loans',
      status: 'new',
      defaultLoanLimit: 5000,
    });
    const mine = await call(server, 'GET', '/lender-business/lender', undefined, lenderA.token);
    expect(mine.body.map((b: { businessName: string }) => b.businessName)).toEqual([
      'Wanjiru Capital',
      'Wanjiru Boda Loans',
    ]);
    const codes = new Set(
      mine.body.map((b: { lenderBusinessCode: string }) => b.lenderBusinessCode),
    );
    expect(codes.size).toBe(2);
  });

  it.each([
    [{ businessName: '' }, {}, 'Business name is required'],
    [{ paybillNumber: '1234' }, {}, 'Paybill Number is required'],
    [{ paybillNumber: '60a638' }, {}, 'Paybill Number is required'],
    [{ lenderBusinessTypeId: '' }, {}, 'Area is required'],
    [{}, { businessLicenseUrl: undefined }, 'Business License image is required'],
    [{}, { registrationCertificateUrl: undefined }, 'Registration Certificate image is required'],
  ])('validates %j %j', async (fieldOverrides, fileOverrides, message) => {
    const files = Object.fromEntries(
      Object.entries({
        businessLicenseUrl: pdf(),
        registrationCertificateUrl: jpeg(),
        ...fileOverrides,
      }).filter(([, f]) => f),
    ) as Record<string, ReturnType<typeof pdf>>;
    const res = await callForm(
      server,
      'POST',
      '/lender-business/register',
      {
        businessName: 'Another',
        paybillNumber: '4123456',
        defaultLoanLimit: 5000,
        lenderBusinessTypeId: await typeId(),
        ...fieldOverrides,
      },
      files,
      lenderA.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('areas, repayment cycles and loan plans', () => {
  it('creates and lists areas, refusing bad fields with their messages', async () => {
    const area = await createArea(server, lenderA, lenderA.businessId, 'Gikomba');
    for (const url of [
      `/lender-business-area/${lenderA.businessId}`,
      `/lender-business-area/from-lender-business/${lenderA.businessId}`,
      `/lender-business/areas/${lenderA.businessId}`,
    ]) {
      const list = await call(server, 'GET', url, undefined, lenderA.token);
      expect(list.body.map((a: { id: number }) => a.id)).toContain(area.id);
    }
    const dup = await call(
      server,
      'POST',
      '/lender-business-area/add',
      { name: 'gikomba', description: 'x', lenderBusinessId: lenderA.businessId },
      lenderA.token,
    );
    expect(dup.status).toBe(409);
    for (const [body, message] of [
      [{ name: '', description: 'd', lenderBusinessId: lenderA.businessId }, 'Name is required'],
      [
        { name: 'n', description: '', lenderBusinessId: lenderA.businessId },
        'Description is required',
      ],
      [{ name: 'n', description: 'd' }, 'Business is required'],
    ] as const) {
      const res = await call(server, 'POST', '/lender-business-area/add', body, lenderA.token);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('creates repayment cycles with days from 1 to 365 and unique names', async () => {
    const weekly = await createCycle(server, lenderA, 7);
    expect(weekly.days).toBe(7);
    const dup = await call(
      server,
      'POST',
      '/repayment-cycle/add',
      { name: weekly.name.toUpperCase(), days: 7, lenderBusinessId: lenderA.businessId },
      lenderA.token,
    );
    expect(dup.status).toBe(409);
    for (const days of [0, 366, 1.5]) {
      const res = await call(
        server,
        'POST',
        '/repayment-cycle/add',
        { name: `Odd ${days}`, days, lenderBusinessId: lenderA.businessId },
        lenderA.token,
      );
      expect([res.status, res.body.message]).toEqual([
        400,
        'Days must be a whole number from 1 to 365',
      ]);
    }
    const list = await call(
      server,
      'GET',
      `/repayment-cycle/all-from-lender-business/${lenderA.businessId}`,
      undefined,
      lenderA.token,
    );
    expect(list.body.some((c: { id: number }) => c.id === weekly.id)).toBe(true);
  });

  it('creates loan plans with every validation of spec "Validation rules"', async () => {
    const cycle = await createCycle(server, lenderA, 7);
    const plan = await createPlan(server, lenderA, {
      name: 'Biashara 30',
      repaymentCycleId: cycle.id,
    });
    const list = await call(
      server,
      'GET',
      `/loanplan/all-by-lender-business/${lenderA.businessId}`,
      undefined,
      lenderA.token,
    );
    expect(list.body.find((p: { id: number }) => p.id === plan.id)).toMatchObject({
      name: 'Biashara 30',
      durationInDays: 30,
      interestRate: 10,
      processingFee: 2.5,
      repaymentCycle: { id: cycle.id, days: 7 },
      lenderBusiness: { id: lenderA.businessId, businessName: 'Wanjiru Capital' },
    });
    const base = {
      name: 'P',
      durationInDays: 30,
      interestRate: 10,
      processingFee: 1,
      fineRateWithinLoanPeriod: 1,
      fineRateOverLoanPeriod: 1,
      gracePeriodWithinLoanPeriod: 1,
      gracePeriodOverLoanPeriod: 1,
      repaymentCycleId: cycle.id,
      lenderBusinessId: lenderA.businessId,
    };
    for (const [override, message] of [
      [{ name: '' }, 'Loan plan name is required'],
      [{ durationInDays: 0 }, 'Duration must be at least 1 day'],
      [{ interestRate: -1 }, 'Interest rate must be at least 0%'],
      [{ processingFee: 101 }, 'Processing fee cannot exceed 100%'],
      [{ fineRateOverLoanPeriod: 100.5 }, 'Fine rate over loan period cannot exceed 100%'],
      [
        { gracePeriodWithinLoanPeriod: -0.1 },
        'Grace period within loan period must be at least 0%',
      ],
      [{ interestRate: 2.55 }, 'Interest rate must be in steps of 0.1%'],
      [{ fineRateWithinLoanPeriod: 0.05 }, 'Fine rate within loan period must be in steps of 0.1%'],
      [
        { gracePeriodOverLoanPeriod: 1.5 },
        'Grace period over loan period must be a whole number of days',
      ],
      [{ repaymentCycleId: 0 }, 'Please select a repayment cycle'],
      [{ lenderBusinessId: undefined }, 'Please select a business'],
      [{ durationInDays: 5 }, "Duration must be at least the repayment cycle's 7 days"],
    ] as const) {
      const res = await call(
        server,
        'POST',
        '/loanplan/add',
        { ...base, ...override },
        lenderA.token,
      );
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const otherCycle = await createCycle(server, lenderB, 7);
    const foreignCycle = await call(
      server,
      'POST',
      '/loanplan/add',
      { ...base, repaymentCycleId: otherCycle.id },
      lenderA.token,
    );
    expect([foreignCycle.status, foreignCycle.body.message]).toEqual([
      400,
      'Please select a repayment cycle of this business',
    ]);
  });
});

describe('tenancy', () => {
  it("an agent reaches only its own businesses' areas, cycles, plans and agents", async () => {
    const agentA = await activeAgent(server, lenderA);
    const agentB = await activeAgent(server, lenderB);
    const b = lenderB.businessId;
    for (const url of [
      `/lender-business-area/${b}`,
      `/lender-business/areas/${b}`,
      `/repayment-cycle/all-from-lender-business/${b}`,
      `/loanplan/all-by-lender-business/${b}`,
      `/lender-business/one/from-auth-agent/${agentB.id}`,
    ]) {
      const res = await call(server, 'GET', url, undefined, agentA.token);
      expect([url, res.status]).toEqual([url, 404]);
    }
    // A business's agent totals are for its lender's dashboard only.
    expect((await call(server, 'GET', `/agent/data/${b}`, undefined, agentA.token)).status).toBe(
      403,
    );
    const own = await call(
      server,
      'GET',
      `/lender-business/one/from-auth-agent/${agentA.id}`,
      undefined,
      agentA.token,
    );
    expect(own.status).toBe(200);
    const businesses = (Array.isArray(own.body) ? own.body : [own.body]) as { id: number }[];
    expect(businesses.map((business) => business.id)).toEqual([lenderA.businessId]);
  });

  it("lender A can neither read nor write lender B's business, areas, cycles, plans or agents", async () => {
    const b = lenderB.businessId;
    const area = await createArea(server, lenderB);
    const agentB = await activeAgent(server, lenderB);
    for (const url of [
      `/lender-business-area/${b}`,
      `/lender-business/areas/${b}`,
      `/repayment-cycle/all-from-lender-business/${b}`,
      `/loanplan/all-by-lender-business/${b}`,
      `/agent/from-lender-business/${b}`,
      `/agent/data/${b}`,
      `/agent/me/${agentB.id}`,
    ]) {
      const res = await call(server, 'GET', url, undefined, lenderA.token);
      expect([url, res.status]).toEqual([url, 404]);
    }
    const writes = [
      [
        'POST',
        '/lender-business-area/add',
        { name: 'Sneaky', description: 'x', lenderBusinessId: b },
      ],
      ['POST', '/repayment-cycle/add', { name: 'Sneaky', days: 7, lenderBusinessId: b }],
      [
        'POST',
        '/agent/register',
        {
          firstName: 'X',
          lastName: 'Y',
          email: 'sneaky@example.com',
          idNumber: '1',
          phoneNumber: '0700111333',
          lenderBusinessId: b,
          lenderBusinessAreaId: area.id,
        },
      ],
      ['PATCH', `/agent/${agentB.id}/suspend`, undefined],
      [
        'PATCH',
        `/agent/reassign-to-new-lender-business/${agentB.id}/reassign`,
        { newLenderBusinessId: lenderA.businessId },
      ],
      [
        'POST',
        `/agent/add-lender-business/${agentB.id}/add-business`,
        { lenderBusinessId: lenderA.businessId },
      ],
      [
        'POST',
        '/loanplan/add',
        {
          name: 'Sneaky plan',
          durationInDays: 30,
          interestRate: 10,
          processingFee: 2,
          fineRateWithinLoanPeriod: 1,
          fineRateOverLoanPeriod: 1,
          gracePeriodWithinLoanPeriod: 1,
          gracePeriodOverLoanPeriod: 1,
          repaymentCycleId: 1,
          lenderBusinessId: b,
        },
      ],
      [
        'PATCH',
        `/agent/update/${agentB.id}`,
        {
          firstName: 'X',
          lastName: 'Y',
          email: 'x@example.com',
          idNumber: '1',
          phoneNumber: '0700111333',
          lenderBusinessId: lenderA.businessId,
          lenderBusinessAreaId: area.id,
        },
      ],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await call(server, method, url, body, lenderA.token);
      expect([url, res.status]).toEqual([url, 404]);
    }
    const list = await call(
      server,
      'GET',
      `/lender-business/from-auth-lender/${lenderB.id}`,
      undefined,
      lenderA.token,
    );
    expect(list.status).toBe(404);
  });
});

describe('agents', () => {
  it('invitation → set password → login → sees only its business', async () => {
    const agent = await activeAgent(server, lenderA);
    const businesses = await call(server, 'GET', '/lender-business/agent', undefined, agent.token);
    expect(businesses.body.map((b: { id: number }) => b.id)).toEqual([lenderA.businessId]);
    const plans = await call(
      server,
      'GET',
      `/loanplan/all-by-lender-business/${lenderA.businessId}`,
      undefined,
      agent.token,
    );
    expect(plans.status).toBe(200);
    const foreign = await call(
      server,
      'GET',
      `/loanplan/all-by-lender-business/${lenderB.businessId}`,
      undefined,
      agent.token,
    );
    expect(foreign.status).toBe(404);
    const me = await call(server, 'GET', `/agent/me/${agent.id}`, undefined, agent.token);
    expect(me.body).toMatchObject({
      firstName: 'Otieno',
      status: 'active',
      lenderBusinessId: lenderA.businessId,
      lenderBusinessArea: { id: agent.areaId },
    });
    const cannotCreate = await call(server, 'POST', '/loanplan/add', { name: 'x' }, agent.token);
    expect(cannotCreate.status).toBe(403);
  });

  it('an agent updates its own name and phone number, and nothing else, and nobody else can', async () => {
    const agent = await activeAgent(server, lenderA);
    const other = await activeAgent(server, lenderA);
    const res = await call(
      server,
      'PATCH',
      '/agent/me',
      {
        firstName: '  Akinyi ',
        lastName: 'Odhiambo',
        phoneNumber: '+254 733 123 456',
        // Neither the sign-in nor the identity is the agent's to change.
        email: 'taken.over@example.co.ke',
        idNumber: '1',
        id: other.id,
      },
      agent.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.data).toMatchObject({
      id: agent.id,
      firstName: 'Akinyi',
      lastName: 'Odhiambo',
      email: agent.email,
      idNumber: '34567890',
    });
    const me = await call(server, 'GET', `/agent/me/${agent.id}`, undefined, agent.token);
    expect(me.body.firstName).toBe('Akinyi');
    expect(me.body.phoneNumber).toMatch(/733123456$/);
    const untouched = await call(server, 'GET', `/agent/me/${other.id}`, undefined, lenderA.token);
    expect(untouched.body).toMatchObject({ firstName: 'Otieno', lastName: 'Field' });

    const bad = await call(
      server,
      'PATCH',
      '/agent/me',
      { firstName: '', lastName: 'Odhiambo', phoneNumber: '12' },
      agent.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/First Name is required|Invalid phone number/);
    const after = await call(server, 'GET', `/agent/me/${agent.id}`, undefined, agent.token);
    expect(after.body.firstName).toBe('Akinyi');

    // Lenders edit their agents through /agent/update/{id}; this route is the agent's own.
    const asLender = await call(
      server,
      'PATCH',
      '/agent/me',
      { firstName: 'X', lastName: 'Y', phoneNumber: '0722000111' },
      lenderA.token,
    );
    expect(asLender.status).toBe(403);
    const anonymous = await call(server, 'PATCH', '/agent/me', {
      firstName: 'X',
      lastName: 'Y',
      phoneNumber: '0722000111',
    });
    expect(anonymous.status).toBe(401);
  });

  it('an invited agent cannot sign in before setting a password; the link is single-use', async () => {
    const area = await createArea(server, lenderA);
    const email = 'fresh.agent@example.co.ke';
    const res = await call(
      server,
      'POST',
      '/agent/register',
      {
        firstName: 'Njeri',
        lastName: 'Mwangi',
        email,
        idNumber: '445566',
        phoneNumber: '0733-000-222',
        lenderBusinessId: lenderA.businessId,
        lenderBusinessAreaId: area.id,
      },
      lenderA.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('new');
    expect(res.body.data.phoneNumber).toBe('0733000222');
    const link = new URL(lastMailedLink(server, email)!);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('type')).toBe('agent');
    // The page it opens asks to set a first password, not to reset one.
    expect(link.searchParams.get('purpose')).toBe('invite');
    const before = await call(server, 'POST', '/auth/agent/login', { email, password: 'anything' });
    expect(before.status).toBe(401);
    const token = link.searchParams.get('token');
    expect(
      (
        await call(server, 'POST', '/auth/password-reset/reset', {
          token,
          password: 'Njeri#2026',
          confirmPassword: 'Njeri#2026',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, 'POST', '/auth/password-reset/reset', {
          token,
          password: 'Njeri#2027',
          confirmPassword: 'Njeri#2027',
        })
      ).status,
    ).toBe(400);
    expect(await login(server, 'agent', email, 'Njeri#2026')).toBeTruthy();
    const taken = await call(
      server,
      'POST',
      '/agent/register',
      {
        firstName: 'N',
        lastName: 'M',
        email,
        idNumber: '1',
        phoneNumber: '0711222333',
        lenderBusinessId: lenderA.businessId,
        lenderBusinessAreaId: area.id,
      },
      lenderA.token,
    );
    expect(taken.status).toBe(409);
  });

  it('validates agent fields, each with its message', async () => {
    const area = await createArea(server, lenderA);
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a.b@example.com',
      idNumber: '12',
      phoneNumber: '0700111222',
      lenderBusinessId: lenderA.businessId,
      lenderBusinessAreaId: area.id,
    };
    for (const [override, message] of [
      [{ firstName: '' }, 'First Name is required'],
      [{ lastName: '' }, 'Last Name is required'],
      [{ email: 'nope' }, 'Invalid email address'],
      [{ idNumber: 'abc' }, 'ID Number is required'],
      [{ phoneNumber: '' }, 'Phone Number is required'],
      [{ phoneNumber: '0722 000' }, 'Invalid phone number'],
      [{ lenderBusinessId: undefined }, 'Business is required'],
      [{ lenderBusinessAreaId: undefined }, 'Lender Business Area is required'],
    ] as const) {
      const res = await call(
        server,
        'POST',
        '/agent/register',
        { ...base, ...override },
        lenderA.token,
      );
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('a suspended agent cannot sign in or use its token; reactivation restores it', async () => {
    const agent = await activeAgent(server, lenderA);
    expect(
      (await call(server, 'PATCH', `/agent/${agent.id}/suspend`, undefined, lenderA.token)).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/lender-business/agent', undefined, agent.token)).status,
    ).toBe(401);
    const denied = await call(server, 'POST', '/auth/agent/login', {
      email: agent.email,
      password: agent.password,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('This account is suspended. Please contact your lender.');
    expect(
      (await call(server, 'PATCH', `/agent/${agent.id}/activate`, undefined, lenderA.token)).status,
    ).toBe(200);
    expect(await login(server, 'agent', agent.email, agent.password)).toBeTruthy();
  });

  it('edits, reassigns and adds businesses; lists and counts per business', async () => {
    const agent = await activeAgent(server, lenderA);
    const area = await createArea(server, lenderA);
    const edit = await call(
      server,
      'PATCH',
      `/agent/update/${agent.id}`,
      {
        firstName: 'Otieno',
        lastName: 'Odhiambo',
        email: agent.email,
        idNumber: '34567890',
        phoneNumber: '0722000111',
        lenderBusinessId: lenderA.businessId,
        lenderBusinessAreaId: area.id,
      },
      lenderA.token,
    );
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      lastName: 'Odhiambo',
      lenderBusinessArea: { id: area.id },
    });

    const second = (await call(server, 'GET', '/lender-business/lender', undefined, lenderA.token))
      .body[1];
    expect(
      (
        await call(
          server,
          'POST',
          `/agent/add-lender-business/${agent.id}/add-business`,
          { lenderBusinessId: second.id },
          lenderA.token,
        )
      ).status,
    ).toBe(200);
    const both = await call(server, 'GET', '/agent/lender-businesses', undefined, agent.token);
    expect(both.body).toHaveLength(2);
    expect(
      (
        await call(
          server,
          'PATCH',
          `/agent/reassign-to-new-lender-business/${agent.id}/reassign`,
          { newLenderBusinessId: second.id },
          lenderA.token,
        )
      ).status,
    ).toBe(200);
    const moved = await call(server, 'GET', '/agent/lender-businesses', undefined, agent.token);
    expect(moved.body.map((b: { id: number }) => b.id)).toEqual([second.id]);

    const ofBusiness = await call(
      server,
      'GET',
      `/agent/from-lender-business/${second.id}`,
      undefined,
      lenderA.token,
    );
    expect(ofBusiness.body.map((a: { id: number }) => a.id)).toContain(agent.id);
    const all = await call(
      server,
      'GET',
      '/agent/from-lender-businesses',
      undefined,
      lenderA.token,
    );
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const data = await call(server, 'GET', `/agent/data/${second.id}`, undefined, lenderA.token);
    expect(data.body.agentStatsCounts.active).toBeGreaterThanOrEqual(1);
    const adminCounts = await call(
      server,
      'GET',
      '/agent/count',
      undefined,
      await adminToken(server),
    );
    expect(adminCounts.body.totalCount).toBeGreaterThanOrEqual(3);
  });
});
