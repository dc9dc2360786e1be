import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents } from '../../server/db/schema';
import { FAKE_PNG, jpeg, pdf, png } from '../support/files';
import { activeAgent, approvedLender, uniquePaybill } from '../support/fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  callForm,
  login,
  startTestServer,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  adminToken = await login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
async function newLender(): Promise<{ id: number; token: string; email: string }> {
  counter += 1;
  const email = `lender${counter}@example.co.ke`;
  const res = await call(server, 'POST', '/auth/lender/register', { email, password: 'secret1' });
  const token = res.body.token.accessToken as string;
  return { id: jwtDecode<{ id: number }>(token).id, token, email };
}

async function regionId(): Promise<number> {
  const res = await call(server, 'GET', '/region', undefined, adminToken);
  return res.body.find((r: { name: string }) => r.name === 'Nairobi').id as number;
}

async function businessTypeId(kind: 'business' | 'individual'): Promise<number> {
  const list = await call(server, 'GET', '/lenderbusinesstype', undefined, adminToken);
  // Both kinds come with every install (migrations 0002 and 0013).
  const name = kind === 'business' ? 'Microfinance institution' : 'Individual';
  return list.body.find((t: { name: string }) => t.name === name).id as number;
}

async function profileFields(overrides: Record<string, string | number | boolean> = {}) {
  return {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    phoneNumber: '+254712345678',
    gender: 'Female',
    lenderRegionId: await regionId(),
    idNumber: '12345678',
    hasNoBusiness: false,
    businessType: await businessTypeId('business'),
    businessName: 'Kamau Capital',
    // A paybill belongs to one business: each profile its own.
    paybillNumber: uniquePaybill(),
    defaultLoanLimit: 25000,
    ...overrides,
  };
}

const operatorFiles = () => ({
  passportPhoto: png(),
  businessLicenseUrl: pdf('licence.pdf'),
  registrationCertificateUrl: jpeg('certificate.jpg'),
});

async function documentCount(): Promise<number> {
  return (await server.database.db.select().from(documents)).length;
}

function storedFiles(): string[] {
  const root = path.join(server.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true })
      .map(String)
      .filter((p) => p.includes('.'));
  } catch {
    return [];
  }
}

async function submitted(): Promise<{ id: number; token: string; email: string }> {
  const lender = await newLender();
  const res = await callForm(
    server,
    'PATCH',
    '/auth/lender/profile',
    await profileFields(),
    operatorFiles(),
    lender.token,
  );
  expect(res.status).toBe(200);
  return { id: lender.id, token: res.body.token.accessToken as string, email: lender.email };
}

describe('lender profile (PATCH /auth/lender/profile)', () => {
  it('saves the profile and documents, creates the business, and answers a Pending token', async () => {
    const lender = await newLender();
    const res = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      // A phone number as people type it: the separators go before it is checked.
      await profileFields({ paybillNumber: '600638', phoneNumber: '+254 712 345 678' }),
      operatorFiles(),
      lender.token,
    );
    expect(res.status).toBe(200);
    const claims = jwtDecode<{ status: string; id: number; sid: string }>(
      res.body.token.accessToken,
    );
    expect(claims).toMatchObject({ status: 'Pending', id: lender.id });
    // The same session goes on: logging out later ends the registration's token too.
    expect(claims.sid).toBe(jwtDecode<{ sid: string }>(lender.token).sid);

    const view = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      phoneNumber: '+254712345678',
      gender: 'Female',
      idNumber: '12345678',
      status: 'Pending',
      lenderRegion: { name: 'Nairobi' },
      idFront: null,
      idBack: null,
    });
    expect(view.body.passportPhoto).toMatch(/^lenders\/\d+\/.+\.png$/);
    expect(view.body.lenderBusinesses).toHaveLength(1);
    const [business] = view.body.lenderBusinesses;
    expect(business).toMatchObject({
      businessName: 'Kamau Capital',
      paybillNumber: '600638',
      defaultLoanLimit: 25000,
      status: 'new',
      lenderBusinessType: { name: 'Microfinance institution', businessType: 'business' },
    });
    expect(business.lenderBusinessCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(business.businessLicenseUrl).toMatch(/\.pdf$/);
    expect(business.registrationCertificateUrl).toMatch(/\.jpg$/);
  });

  it('for "I don\'t have a business" creates the individual business with limit 1000', async () => {
    const lender = await newLender();
    const fields = await profileFields({
      hasNoBusiness: true,
      businessName: 'ignored',
      defaultLoanLimit: 99999,
    });
    const res = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      fields,
      { idFront: png(), idBack: jpeg() },
      lender.token,
    );
    expect(res.status).toBe(200);
    const view = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(view.body.lenderBusinesses[0]).toMatchObject({
      businessName: 'Wanjiru Kamau',
      defaultLoanLimit: 1000,
      lenderBusinessType: { name: 'Individual', businessType: 'individual' },
      businessLicenseUrl: null,
    });
    expect(view.body.idFront).toBeTruthy();
    expect(view.body.idBack).toBeTruthy();
  });

  it.each([
    [
      'no identity document',
      { businessLicenseUrl: pdf(), registrationCertificateUrl: pdf() },
      'Please upload all required identification documents.',
    ],
    [
      'only one ID side',
      { idFront: png(), businessLicenseUrl: pdf(), registrationCertificateUrl: pdf() },
      'Please upload all required identification documents.',
    ],
    [
      'passport and ID both',
      {
        passportPhoto: png(),
        idFront: png(),
        idBack: png(),
        businessLicenseUrl: pdf(),
        registrationCertificateUrl: pdf(),
      },
      'Upload either a passport photo or both sides of the ID, not both.',
    ],
    [
      'an operator without licence',
      { passportPhoto: png(), registrationCertificateUrl: pdf() },
      'Upload the business licence and the registration certificate of the business.',
    ],
    [
      'a text file named .png',
      {
        passportPhoto: { bytes: FAKE_PNG, name: 'me.png', type: 'image/png' },
        businessLicenseUrl: pdf(),
        registrationCertificateUrl: pdf(),
      },
      'me.png is not a JPEG, PNG, WebP or PDF file. Please upload a photo or a PDF.',
    ],
    [
      'a file over the size limit',
      {
        passportPhoto: {
          bytes: new Uint8Array(70 * 1024).fill(0xff),
          name: 'big.jpg',
          type: 'image/jpeg',
        },
        businessLicenseUrl: pdf(),
        registrationCertificateUrl: pdf(),
      },
      'big.jpg is larger than 0.1 MB.',
    ],
  ])('refuses %s with a clear 400 and stores nothing', async (_case, files, message) => {
    const lender = await newLender();
    const before = { rows: await documentCount(), files: storedFiles().length };
    const res = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      await profileFields(),
      files,
      lender.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await documentCount()).toBe(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
    const me = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(me.body.status).toBe('New');
    expect(me.body.lenderBusinesses).toHaveLength(0);
  });

  it.each([
    [{ firstName: 'W' }, 'First name must be at least 2 characters'],
    [{ phoneNumber: '0712' }, 'Invalid phone number'],
    [{ gender: '' }, 'Gender is required'],
    [{ lenderRegionId: '' }, 'Region is required'],
    [{ idNumber: '123' }, 'ID number must be at least 6 characters'],
    [{ paybillNumber: '12a4' }, 'Paybill number must be at least 5 digits'],
    [{ paybillNumber: '1234' }, 'Paybill number must be at least 5 digits'],
    [{ defaultLoanLimit: 0 }, 'Default loan limit must be at least 1'],
    [{ businessName: 'K' }, 'Business name must be at least 2 characters'],
  ])('validates %j', async (override, message) => {
    const lender = await newLender();
    const res = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      await profileFields(override),
      operatorFiles(),
      lender.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is refused for other roles and for a lender already submitted', async () => {
    const admin = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      await profileFields(),
      operatorFiles(),
      adminToken,
    );
    expect(admin.status).toBe(403);
    const lender = await submitted();
    const again = await callForm(
      server,
      'PATCH',
      '/auth/lender/profile',
      await profileFields(),
      operatorFiles(),
      lender.token,
    );
    expect(again.status).toBe(409);
  });
});

describe('lenders not yet approved', () => {
  it('reach the onboarding routes only, New, Pending and Rejected alike', async () => {
    const fresh = await newLender();
    const pending = await submitted();
    const rejected = await submitted();
    const decision = await call(
      server,
      'PATCH',
      `/admin/lender/reject/${rejected.id}`,
      { reason: 'Documents unreadable' },
      adminToken,
    );
    expect(decision.status).toBe(200);
    for (const lender of [fresh, pending, rejected]) {
      // The wizard's lists and the lender's own record answer…
      expect((await call(server, 'GET', '/region', undefined, lender.token)).status).toBe(200);
      expect(
        (await call(server, 'GET', '/lenderbusinesstype', undefined, lender.token)).status,
      ).toBe(200);
      const own = await call(
        server,
        'GET',
        `/auth/lender/lender-and-businesses/${lender.id}`,
        undefined,
        lender.token,
      );
      expect(own.status).toBe(200);
      // …the lending operations do not, until an administrator approves.
      for (const [method, url, body] of [
        ['GET', '/lender-business/lender', undefined],
        ['POST', '/repayment-cycle/add', { name: 'Weekly', days: 7, lenderBusinessId: 1 }],
        [
          'POST',
          '/initiate/request-stkpush',
          { phoneNumber: '0712345678', amount: 100, lenderBusinessId: 1 },
        ],
        ['GET', '/loan/refundable', undefined],
      ] as const) {
        const res = await call(server, method, url, body, lender.token);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.message).toBe(
          'Your lender account is not approved yet. Complete your profile and wait for the decision.',
        );
      }
    }
    const approved = await submitted();
    await call(server, 'PATCH', `/admin/lender/approve/${approved.id}`, undefined, adminToken);
    expect(
      (await call(server, 'GET', '/lender-business/lender', undefined, approved.token)).status,
    ).toBe(200);
  });
});

describe('administrators decide on lenders', () => {
  it('approve: Pending → Active, its new businesses become active, audit logged', async () => {
    const lender = await submitted();
    const pending = await call(server, 'GET', '/admin/lenders/pending', undefined, adminToken);
    expect(pending.body.map((l: { id: number }) => l.id)).toContain(lender.id);

    const res = await call(
      server,
      'PATCH',
      `/admin/lender/approve/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    const view = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(view.body.status).toBe('Active');
    expect(view.body.lenderBusinesses[0].status).toBe('active');

    const audit = await call(server, 'GET', '/admin/audit-logs', undefined, adminToken);
    expect(audit.body.data[0]).toMatchObject({
      action: 'lender.approve',
      subjectId: lender.id,
      actorEmail: ADMIN_EMAIL,
    });

    const relogin = jwtDecode<{ status: string }>(
      (await call(server, 'POST', '/auth/token/refresh', undefined, lender.token)).body.token
        .accessToken,
    );
    expect(relogin.status).toBe('Active');
  });

  it('reject stores the reason shown to the lender', async () => {
    const lender = await submitted();
    const res = await call(
      server,
      'PATCH',
      `/admin/lender/reject/${lender.id}`,
      { reason: 'ID photo unreadable' },
      adminToken,
    );
    expect(res.status).toBe(200);
    const view = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      lender.token,
    );
    expect(view.body).toMatchObject({ status: 'Rejected', rejectionReason: 'ID photo unreadable' });
  });

  it("block and suspend end the lender's sessions; after activate it signs in and works", async () => {
    const lender = await submitted();
    await call(server, 'PATCH', `/admin/lender/approve/${lender.id}`, undefined, adminToken);
    const token = (await call(server, 'POST', '/auth/token/refresh', undefined, lender.token)).body
      .token.accessToken;
    expect((await call(server, 'GET', '/region', undefined, token)).status).toBe(200);

    expect(
      (await call(server, 'PATCH', `/admin/lender/${lender.id}/block`, undefined, adminToken))
        .status,
    ).toBe(200);
    expect((await call(server, 'GET', '/region', undefined, token)).status).toBe(401);
    expect((await call(server, 'POST', '/auth/token/refresh', undefined, token)).status).toBe(401);
    // Signing in again works and says Blocked; the account is still refused.
    const blocked = await login(server, 'lender', lender.email, 'secret1');
    expect(jwtDecode<{ status: string }>(blocked).status).toBe('Blocked');
    expect((await call(server, 'GET', '/region', undefined, blocked)).status).toBe(401);

    expect(
      (await call(server, 'PATCH', `/admin/lender/activate/${lender.id}`, undefined, adminToken))
        .status,
    ).toBe(200);
    const refreshed = await call(server, 'POST', '/auth/token/refresh', undefined, blocked);
    const active = refreshed.body.token.accessToken as string;
    expect(jwtDecode<{ status: string }>(active).status).toBe('Active');
    expect((await call(server, 'GET', '/region', undefined, active)).status).toBe(200);

    expect(
      (await call(server, 'PATCH', `/admin/lender/${lender.id}/suspend`, undefined, adminToken))
        .status,
    ).toBe(200);
    expect((await call(server, 'GET', '/region', undefined, active)).status).toBe(401);
    expect((await call(server, 'POST', '/auth/token/refresh', undefined, active)).status).toBe(401);
  });

  it('walks every allowed transition: Rejected → Active, Active → Suspended → Active, Suspended → Blocked, Pending → Blocked', async () => {
    const path = (id: number, action: string) =>
      action === 'block' || action === 'suspend'
        ? `/admin/lender/${id}/${action}`
        : `/admin/lender/${action}/${id}`;
    const statusOf = async (id: number) =>
      (await call(server, 'GET', `/auth/lender/lender-and-businesses/${id}`, undefined, adminToken))
        .body.status as string;
    const walk = async (id: number, steps: [string, string][]) => {
      for (const [action, status] of steps) {
        const res = await call(
          server,
          'PATCH',
          path(id, action),
          action === 'reject' ? { reason: 'Unreadable documents' } : undefined,
          adminToken,
        );
        expect([action, res.status]).toEqual([action, 200]);
        expect(await statusOf(id)).toBe(status);
      }
    };
    const first = await submitted();
    await walk(first.id, [
      ['reject', 'Rejected'],
      ['approve', 'Active'],
      ['suspend', 'Suspended'],
      ['activate', 'Active'],
      ['suspend', 'Suspended'],
      ['block', 'Blocked'],
      ['activate', 'Active'],
    ]);
    const second = await submitted();
    await walk(second.id, [['block', 'Blocked']]);
  });

  it('refuses transitions that make no sense, with a sentence', async () => {
    const lender = await newLender();
    const res = await call(
      server,
      'PATCH',
      `/admin/lender/approve/${lender.id}`,
      undefined,
      adminToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This lender is New; it cannot be approved.');
    const missing = await call(
      server,
      'PATCH',
      '/admin/lender/approve/999999',
      undefined,
      adminToken,
    );
    expect(missing.status).toBe(404);
  });

  it('refuses lenders and agents on every admin route', async () => {
    const lender = await submitted();
    await call(server, 'PATCH', `/admin/lender/approve/${lender.id}`, undefined, adminToken);
    const token = (await call(server, 'POST', '/auth/token/refresh', undefined, lender.token)).body
      .token.accessToken;
    // The agent lives on a server of its own, so the platform counts here stay as they are.
    const agentServer = await startTestServer();
    const agent = await activeAgent(agentServer, await approvedLender(agentServer, 'Kiptoo'));
    const types = await call(server, 'GET', '/lenderbusinesstype', undefined, adminToken);
    const typeId = (types.body as { id: number }[])[0]!.id;
    const adminId = jwtDecode<{ id: number }>(adminToken).id;
    for (const [target, who] of [
      [server, token],
      [agentServer, agent.token],
    ] as const) {
      for (const [method, url] of [
        ['GET', '/auth/lender/all'],
        ['GET', '/admin/lenders/pending'],
        ['GET', '/auth/lender/count'],
        ['GET', '/lender-business/count'],
        ['GET', '/agent/count'],
        ['GET', '/borrower/count'],
        ['GET', '/admin/audit-logs'],
        ['GET', `/admin/${adminId}`],
        ['PUT', `/admin/${adminId}`],
        ['PATCH', `/admin/lender/approve/${lender.id}`],
        ['PATCH', `/admin/lender/reject/${lender.id}`],
        ['PATCH', `/admin/lender/activate/${lender.id}`],
        ['PATCH', `/admin/lender/${lender.id}/block`],
        ['PATCH', `/admin/lender/${lender.id}/suspend`],
        ['POST', '/region/add'],
        ['POST', '/lenderbusinesstype/create'],
        ['PUT', `/lenderbusinesstype/${typeId}`],
        ['DELETE', `/lenderbusinesstype/${typeId}`],
      ] as const) {
        const res = await call(
          target,
          method,
          url,
          method === 'POST' || method === 'PUT' ? { name: 'x', description: 'y' } : undefined,
          who,
        );
        expect([url, res.status]).toEqual([url, 403]);
      }
    }
    await agentServer.close();
    const other = await call(
      server,
      'GET',
      '/auth/lender/lender-and-businesses/1',
      undefined,
      token,
    );
    expect(other.status).toBe(404);
  });

  it('counts lenders and businesses per status, keyed by status name', async () => {
    const lenders = await call(server, 'GET', '/auth/lender/count', undefined, adminToken);
    expect(Object.keys(lenders.body.lenderStatsCounts)).toEqual(
      expect.arrayContaining(['New', 'Active', 'Pending', 'Rejected', 'Blocked']),
    );
    expect(lenders.body.totalCount).toBe(
      Object.values(lenders.body.lenderStatsCounts as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      ),
    );
    const businesses = await call(server, 'GET', '/lender-business/count', undefined, adminToken);
    expect(Object.keys(businesses.body.lenderBusinessStatsCounts)).toEqual([
      'new',
      'active',
      'rejected',
      'blocked',
    ]);
    const agents = await call(server, 'GET', '/agent/count', undefined, adminToken);
    expect(agents.body).toEqual({
      totalCount: 0,
      agentStatsCounts: { new: 0, active: 0, suspended: 0, blocked: 0 },
    });
  });
});

describe('document links (GET /auth/lender/presigned-url)', () => {
  it('gives the owner and admins an expiring link; others get 404', async () => {
    const owner = await submitted();
    const view = await call(
      server,
      'GET',
      `/auth/lender/lender-and-businesses/${owner.id}`,
      undefined,
      adminToken,
    );
    const fileName = view.body.passportPhoto as string;
    const query = `?bucket=mkopo-documents&fileName=${encodeURIComponent(fileName)}`;

    const mine = await call(
      server,
      'GET',
      `/auth/lender/presigned-url${query}`,
      undefined,
      owner.token,
    );
    expect(mine.status).toBe(200);
    const file = await fetch(mine.body.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png().bytes);

    const byAdmin = await call(
      server,
      'GET',
      `/auth/lender/presigned-url${query}`,
      undefined,
      adminToken,
    );
    expect(byAdmin.status).toBe(200);

    const stranger = await newLender();
    const refused = await call(
      server,
      'GET',
      `/auth/lender/presigned-url${query}`,
      undefined,
      stranger.token,
    );
    expect(refused.status).toBe(404);
    const wrongBucket = await call(
      server,
      'GET',
      `/auth/lender/presigned-url?bucket=x&fileName=${fileName}`,
      undefined,
      owner.token,
    );
    expect(wrongBucket.status).toBe(400);

    const tampered = new URL(mine.body.url as string);
    tampered.searchParams.set(
      'expires',
      String(Number(tampered.searchParams.get('expires')) + 3600),
    );
    expect((await fetch(tampered)).status).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const late = await fetch(mine.body.url as string);
    expect(late.status).toBe(403);
  });
});

describe('regions and business types', () => {
  it('a fresh install offers the common Kenyan business types, which administrators edit', async () => {
    const list = await call(server, 'GET', '/lenderbusinesstype', undefined, adminToken);
    const kinds = Object.fromEntries(
      list.body.map((t: { name: string; businessType: string }) => [t.name, t.businessType]),
    );
    expect(kinds).toMatchObject({
      Individual: 'individual',
      'Sole proprietorship': 'business',
      Partnership: 'business',
      'Limited company': 'business',
      SACCO: 'business',
      'Chama / investment group': 'business',
      'Microfinance institution': 'business',
    });

    // The seeding skips names that exist, whatever their letter case, when it runs again.
    const sacco = list.body.find((t: { name: string }) => t.name === 'SACCO');
    const renamed = await call(
      server,
      'PUT',
      `/lenderbusinesstype/${sacco.id}`,
      { name: 'sacco', description: 'Deposit-taking SACCO', businessType: 'business' },
      adminToken,
    );
    expect(renamed.status).toBe(200);
    const file = readdirSync(path.resolve('server/db/migrations')).find((name) =>
      name.endsWith('_business-types.sql'),
    )!;
    await server.database.db.execute(
      sql.raw(readFileSync(path.resolve('server/db/migrations', file), 'utf8')),
    );
    const again = await call(server, 'GET', '/lenderbusinesstype', undefined, adminToken);
    expect(again.body).toHaveLength(list.body.length);
    expect(again.body.find((t: { id: number }) => t.id === sacco.id)).toMatchObject({
      name: 'sacco',
      description: 'Deposit-taking SACCO',
    });
  });

  it('lists the seeded counties and creates a region once', async () => {
    const list = await call(server, 'GET', '/region', undefined, adminToken);
    expect(list.body.length).toBeGreaterThanOrEqual(47);
    const created = await call(
      server,
      'POST',
      '/region/add',
      { name: 'Rift Valley Hub', description: 'Field office' },
      adminToken,
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Lender region successfully created');
    const again = await call(
      server,
      'POST',
      '/region/add',
      { name: 'rift valley hub', description: 'Again' },
      adminToken,
    );
    expect(again.status).toBe(409);
    const invalid = await call(
      server,
      'POST',
      '/region/add',
      { name: '', description: 'x' },
      adminToken,
    );
    expect(invalid.body.message).toBe('Name is required');
    // Recent Activity names it.
    const audit = await call(
      server,
      'GET',
      '/admin/audit-logs?page=1&limit=5',
      undefined,
      adminToken,
    );
    expect(audit.body.data[0]).toMatchObject({
      action: 'region.create',
      subjectType: 'region',
      subjectId: created.body.data.id,
      subjectEmail: 'Rift Valley Hub',
      actorEmail: ADMIN_EMAIL,
    });
  });

  it('creates (201), edits (200) and deletes (200) a business type; one in use cannot be deleted', async () => {
    const created = await call(
      server,
      'POST',
      '/lenderbusinesstype/create',
      { name: 'Chama', description: 'Savings group', businessType: 'business' },
      adminToken,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.createdByEmail).toBe(ADMIN_EMAIL);
    const edited = await call(
      server,
      'PUT',
      `/lenderbusinesstype/${id}`,
      { name: 'Chama group', description: 'Savings group', businessType: 'business' },
      adminToken,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('Chama group');
    expect(
      (await call(server, 'DELETE', `/lenderbusinesstype/${id}`, undefined, adminToken)).status,
    ).toBe(200);

    const inUse = await call(
      server,
      'DELETE',
      `/lenderbusinesstype/${await businessTypeId('business')}`,
      undefined,
      adminToken,
    );
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(
      /^This business type is used by \d+ business(es)? and cannot be deleted\.$/,
    );
    const invalid = await call(
      server,
      'POST',
      '/lenderbusinesstype/create',
      { name: 'X', description: 'ok', businessType: 'business' },
      adminToken,
    );
    expect(invalid.body.message).toBe('Name must be at least 2 characters');
  });
});

describe('admin profile', () => {
  it('reads and updates the signed-in administrator', async () => {
    const me = jwtDecode<{ id: number }>(adminToken).id;
    const read = await call(server, 'GET', `/admin/${me}`, undefined, adminToken);
    expect(read.body).toMatchObject({ email: ADMIN_EMAIL });
    const updated = await call(
      server,
      'PUT',
      `/admin/${me}`,
      { name: 'Achieng Otieno', email: ADMIN_EMAIL },
      adminToken,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Achieng Otieno', email: ADMIN_EMAIL });
    const bad = await call(server, 'PUT', `/admin/${me}`, { name: 'A', email: 'nope' }, adminToken);
    expect(bad.status).toBe(400);
  });
});
