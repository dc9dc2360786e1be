/**
 * A paybill belongs to one business and counts once an administrator verified it
 * (docs/architecture.md §6): registration refuses a taken number, also when two race; approving a
 * lender verifies its onboarding paybills, later ones wait on the admin dashboard; a C2B
 * payment is credited only where the money is (the attribution matrix), everything else
 * waits in the admins' Unassigned payments to be assigned to a business or refunded to
 * the payer by B2C; impossible amounts are anomalies; a TransID is one payment whatever
 * its letter case. Everything over HTTP against the real server and the simulator.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import {
  auditLog,
  capitalTransactions,
  lenderBusinesses,
  mpesaRepaymentTransactions,
  mpesaRequests,
} from '../../server/db/schema';
import { createBusiness } from '../../server/modules/businesses/service';
import { MpesaError, type MpesaGateway } from '../../server/mpesa/port';
import { C2B_REGISTER_PATH, OAUTH_PATH, startDarajaPeer } from '../support/daraja-peer';
import { jpeg, pdf, png } from '../support/files';
import {
  adminToken,
  uniquePaybill,
  type Agent,
  type Lender,
  lendingBook,
} from '../support/fixtures';
import {
  capitalOf,
  disbursedLoan,
  eventually,
  ledgerViolations,
  loanStatus,
  pay,
  type AppliedLoan,
} from '../support/money';
import {
  call,
  callForm,
  startTestServer,
  TEST_CALLBACK_SECRET,
  usingPostgres,
  type TestServer,
} from '../support/test-server';

const TAKEN = 'This paybill number is already registered to another business.';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const UNKNOWN_SHORTCODE = '999999';

let server: TestServer;
let admin: string;
let amina: Lender;
let baraka: Lender;
let aminaAgent: Agent;
let aminaLoan: AppliedLoan;
let barakaLoan: AppliedLoan;
let platform: string;

beforeAll(async () => {
  server = await startTestServer();
  platform = server.config.mpesa.platformShortCode;
  admin = await adminToken(server);
  const loanOf = async (name: string) => {
    const book = await lendingBook(server, { name, capital: 20_000, borrowers: 1 });
    const loan = await disbursedLoan(server, book.agent, book.lender, {
      borrowerId: book.borrowers[0]!.id,
      planId: book.planId,
      principal: 5_000,
    });
    return { ...book, loan };
  };
  const aminaBook = await loanOf('Amina');
  ({ lender: amina, agent: aminaAgent, loan: aminaLoan } = aminaBook);
  ({ lender: baraka, loan: barakaLoan } = await loanOf('Baraka'));
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(server)).toEqual([]);
});

async function businessTypeId(): Promise<number> {
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, admin);
  return types.body.find((t: { businessType: string }) => t.businessType === 'business').id;
}

/** POST /lender-business/register: a business registered after the lender's approval. */
async function registerBusiness(lender: Lender, paybillNumber: string, name = 'Boda Loans') {
  return callForm(
    server,
    'POST',
    '/lender-business/register',
    {
      businessName: `${name} ${paybillNumber}`,
      paybillNumber,
      defaultLoanLimit: 5000,
      lenderBusinessTypeId: await businessTypeId(),
    },
    { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    lender.token,
  );
}

let lenderCount = 0;
/** A lender just registered: New, its profile still to submit. */
async function newLenderToken(): Promise<string> {
  lenderCount += 1;
  const email = `pendo${lenderCount}-${Date.now().toString(36)}@example.co.ke`;
  const registered = await call(server, 'POST', '/auth/lender/register', {
    email,
    password: 'Lender#2026',
  });
  return registered.body.token.accessToken as string;
}

/** PATCH /auth/lender/profile with this paybill (by a new lender unless a token is given). */
async function submitProfile(paybillNumber: string, lenderToken?: string) {
  const token = lenderToken ?? (await newLenderToken());
  const regions = await call(server, 'GET', '/region', undefined, admin);
  const res = await callForm(
    server,
    'PATCH',
    '/auth/lender/profile',
    {
      firstName: 'Pendo',
      lastName: 'Lender',
      phoneNumber: '0712345678',
      gender: 'Female',
      lenderRegionId: regions.body[0].id,
      idNumber: '23456789',
      hasNoBusiness: false,
      businessType: await businessTypeId(),
      businessName: 'Pendo Capital',
      paybillNumber,
      defaultLoanLimit: 20000,
    },
    { passportPhoto: png(), businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    token,
  );
  return { ...res, id: jwtDecode<{ id: number }>(token).id };
}

async function businessRow(id: number) {
  const [row] = await server.database.db
    .select()
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, id));
  return row!;
}

async function paymentRow(transId: string) {
  const [row] = await server.database.db
    .select()
    .from(mpesaRepaymentTransactions)
    .where(eq(mpesaRepaymentTransactions.transId, transId));
  return row!;
}

type Unassigned = {
  id: number;
  transId: string;
  amount: number;
  state: string;
  reason: string;
  reportedAmount: string | null;
  paybillBusiness: { id: number; businessName: string } | null;
  refund: { status: string; phoneNumber: string } | null;
};

async function unassigned(): Promise<Unassigned[]> {
  const res = await call(server, 'GET', '/admin/unassigned-payments', undefined, admin);
  expect(res.status).toBe(200);
  return res.body;
}

async function unassignedOne(transId: string): Promise<Unassigned | undefined> {
  return (await unassigned()).find((p) => p.transId === transId);
}

/** The transaction ids of GET /loan-repayment-transaction/get-transactions. */
async function seenBy(lender: Lender): Promise<string[]> {
  const res = await call(
    server,
    'GET',
    '/loan-repayment-transaction/get-transactions',
    undefined,
    lender.token,
  );
  return res.body.map((r: { transactionDetails: string }) => r.transactionDetails);
}

const outstanding = async (lender: Lender, loanId: number) =>
  (await loanStatus(server, lender, loanId)).outstandingAmount;

/** The `n` a counting query answers. */
async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await server.database.db.execute(query)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

async function auditOf(action: string, subjectId: number) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.subjectId} = ${subjectId}`);
}

describe('a paybill belongs to one business', () => {
  it('refuses a taken number at onboarding and at business registration, with the same sentence', async () => {
    const token = await newLenderToken();
    const documents = () => count(sql`select count(*)::int as n from documents`);
    const documentsBefore = await documents();
    const profile = await submitProfile(amina.paybill, token);
    expect([profile.status, profile.body.message]).toEqual([409, TAKEN]);
    // Nothing was kept, and the lender, still New, submits again with its own number.
    expect(await documents()).toBe(documentsBefore);
    const retry = await submitProfile(uniquePaybill(), token);
    expect(retry.status).toBe(200);

    const second = await registerBusiness(baraka, amina.paybill);
    expect([second.status, second.body.message]).toEqual([409, TAKEN]);
    const own = await registerBusiness(baraka, baraka.paybill);
    expect([own.status, own.body.message]).toEqual([409, TAKEN]);
  });

  it('reads a paybill without its leading zeros: 0600100 is 600100, and cannot register beside it', async () => {
    const token = await newLenderToken();
    const zeroed = await submitProfile(`00${amina.paybill}`, token);
    expect([zeroed.status, zeroed.body.message]).toEqual([409, TAKEN]);
    const twin = await registerBusiness(baraka, `0${amina.paybill}`);
    expect([twin.status, twin.body.message]).toEqual([409, TAKEN]);

    // A new number written with a zero is stored without it.
    const fresh = uniquePaybill();
    const stored = await registerBusiness(baraka, ` 0${fresh} `, 'Zero Loans');
    expect(stored.status).toBe(201);
    expect((await businessRow(stored.body.data.id)).paybillNumber).toBe(fresh);
    const again = await registerBusiness(amina, fresh, 'Plain Loans');
    expect([again.status, again.body.message]).toEqual([409, TAKEN]);

    // Zeros do not make a short number long enough.
    const short = await registerBusiness(baraka, '0001234', 'Short Loans');
    expect(short.status).toBe(400);

    // The database keeps the zeros out whoever writes.
    await expect(
      server.database.db.execute(
        sql`update lender_businesses set paybill_number = ${`0${fresh}`} where paybill_number = ${fresh}`,
      ),
    ).rejects.toThrow();
  });

  it('its migration gives a paybill written two ways to the verified business, without zeros', async () => {
    const db = server.database.db;
    const statements = readFileSync(
      path.resolve('server/db/migrations/0026_erasure-and-paybills.sql'),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('"lender_businesses"'));
    expect(statements).toHaveLength(4);
    const number = uniquePaybill();
    const older = (await registerBusiness(amina, number, 'Older Plain')).body.data.id;
    const newer = (await registerBusiness(baraka, uniquePaybill(), 'Newer Zeroed')).body.data.id;
    const zeros = (await registerBusiness(baraka, uniquePaybill(), 'All Zeros')).body.data.id;
    await db.execute(
      sql`alter table lender_businesses drop constraint lender_businesses_paybill_normalised`,
    );
    // The newer holds the same number with a zero, and it is the verified one.
    await db.execute(
      sql`update lender_businesses set paybill_number = ${`0${number}`}, paybill_verified_at = now() where id = ${newer}`,
    );
    await db.execute(
      sql`update lender_businesses set paybill_number = '00000' where id = ${zeros}`,
    );
    for (const statement of statements) await db.execute(sql.raw(statement));

    expect(await businessRow(newer)).toMatchObject({ paybillNumber: number });
    expect((await businessRow(newer)).paybillVerifiedAt).toBeInstanceOf(Date);
    expect(await businessRow(older)).toMatchObject({
      paybillNumber: null,
      paybillVerifiedAt: null,
    });
    expect((await businessRow(zeros)).paybillNumber).toBeNull();
    const [cleared] = await auditOf('lender_business.paybill_cleared', older);
    expect(cleared?.details).toMatchObject({
      paybillNumber: number,
      keptByLenderBusinessId: newer,
    });
    expect(await auditOf('lender_business.paybill_cleared', newer)).toEqual([]);
    expect(await auditOf('lender_business.paybill_cleared', zeros)).toHaveLength(1);
    // The constraint is back.
    await expect(
      db.execute(
        sql`update lender_businesses set paybill_number = ${`0${number}`} where id = ${newer}`,
      ),
    ).rejects.toThrow();
  });

  it('lets exactly one of two racing registrations of one number through', async () => {
    const paybill = uniquePaybill();
    const answers = await Promise.all([
      registerBusiness(amina, paybill, 'Race A'),
      registerBusiness(baraka, paybill, 'Race B'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(TAKEN);

    const profiles = await Promise.all([submitProfile(paybill + 1), submitProfile(paybill + 1)]);
    expect(profiles.map((p) => p.status).sort()).toEqual([200, 409]);
    const rows = await server.database.db
      .select()
      .from(lenderBusinesses)
      .where(eq(lenderBusinesses.paybillNumber, `${paybill}1`));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when the number is taken by a transaction not committed yet (the unique index decides)', async () => {
    const paybill = uniquePaybill();
    const typeId = await businessTypeId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // (On PGlite the holder has the one connection: the registration waits for it whole.)
    const holder = server.database.db.transaction(async (tx) => {
      await createBusiness(tx, {
        lenderId: baraka.id,
        lenderBusinessTypeId: typeId,
        businessName: 'Holder',
        paybillNumber: paybill,
        defaultLoanLimit: 100_000,
      });
      await held;
    });
    const racing = registerBusiness(amina, paybill, 'Racer');
    if (usingPostgres()) {
      // The registration has passed its check and waits on the index for the holder.
      await eventually(async () => {
        const waiting = await count(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return waiting > 0;
      });
    }
    release();
    await holder;
    const answer = await racing;
    expect([answer.status, answer.body.message]).toEqual([409, TAKEN]);
  });

  it('the migration keeps a shared number with the older business and clears and audits the newer', async () => {
    const db = server.database.db;
    const file = readdirSync(path.resolve('server/db/migrations')).find((name) =>
      name.endsWith('_paybills.sql'),
    )!;
    const statements = readFileSync(path.resolve('server/db/migrations', file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
    const older = (await registerBusiness(amina, uniquePaybill(), 'Older')).body.data.id;
    const newer = (await registerBusiness(baraka, uniquePaybill(), 'Newer')).body.data.id;
    const { paybillNumber: shared } = await businessRow(older);
    await db.execute(sql`drop index lender_businesses_paybill_unique`);
    await db.execute(
      sql`update lender_businesses set paybill_number = ${shared}, paybill_verified_at = now() where id = ${newer}`,
    );
    for (const statement of statements) await db.execute(sql.raw(statement));

    expect((await businessRow(older)).paybillNumber).toBe(shared);
    expect(await businessRow(newer)).toMatchObject({
      paybillNumber: null,
      paybillVerifiedAt: null,
    });
    const [cleared] = await auditOf('lender_business.paybill_cleared', newer);
    expect(cleared?.details).toMatchObject({
      paybillNumber: shared,
      keptByLenderBusinessId: older,
    });
    expect(await auditOf('lender_business.paybill_cleared', older)).toEqual([]);
    // The index is back.
    await expect(
      db.execute(sql`update lender_businesses set paybill_number = ${shared} where id = ${newer}`),
    ).rejects.toThrow();
  });
});

describe('paybill verification', () => {
  it("approving a lender verifies its onboarding business's paybill; a later business waits on the admin dashboard", async () => {
    const first = await businessRow(amina.businessId);
    expect(first.paybillVerifiedAt).toBeInstanceOf(Date);
    const [approvalAudit] = await auditOf('lender_business.verify_paybill', amina.businessId);
    expect(approvalAudit?.details).toMatchObject({
      paybillNumber: amina.paybill,
      withLenderApproval: true,
    });

    const paybill = uniquePaybill();
    const later = await registerBusiness(amina, paybill, 'Later');
    expect(later.status).toBe(201);
    expect((await businessRow(later.body.data.id)).paybillVerifiedAt).toBeNull();
    // A lender still Pending is not listed: approving it verifies its paybill.
    const pending = await submitProfile(uniquePaybill());
    expect(pending.status).toBe(200);

    const waiting = await call(
      server,
      'GET',
      '/admin/lender-business/paybills-waiting',
      undefined,
      admin,
    );
    expect(waiting.status).toBe(200);
    const listed = waiting.body.find((b: { id: number }) => b.id === later.body.data.id);
    expect(listed).toMatchObject({
      businessName: `Later ${paybill}`,
      paybillNumber: paybill,
      lender: { id: amina.id, name: 'Amina Lender', email: amina.email },
    });
    const listedIds = waiting.body.map((b: { id: number }) => b.id);
    expect(listedIds).not.toContain(amina.businessId);
    const pendingBusiness = (
      await server.database.db
        .select()
        .from(lenderBusinesses)
        .where(eq(lenderBusinesses.lenderId, pending.id))
    )[0]!;
    expect(listedIds).not.toContain(pendingBusiness.id);

    await call(server, 'PATCH', `/admin/lender/approve/${pending.id}`, undefined, admin);
    expect((await businessRow(pendingBusiness.id)).paybillVerifiedAt).toBeInstanceOf(Date);
  });

  it('an admin verifies a paybill once (audit-logged); again answers 200 and changes nothing', async () => {
    const id = (await registerBusiness(baraka, uniquePaybill(), 'Verify')).body.data.id;
    const path = `/admin/lender-business/${id}/verify-paybill`;
    const verified = await call(server, 'PATCH', path, undefined, admin);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(
      `The paybill of Verify ${verified.body.data.paybillNumber} is verified.`,
    );
    const row = await businessRow(id);
    const adminId = jwtDecode<{ id: number }>(admin).id;
    expect(row).toMatchObject({ paybillVerifiedByUserId: adminId });
    expect(await auditOf('lender_business.verify_paybill', id)).toMatchObject([
      { actorUserId: adminId, subjectType: 'lender_business' },
    ]);
    const waiting = await call(
      server,
      'GET',
      '/admin/lender-business/paybills-waiting',
      undefined,
      admin,
    );
    expect(waiting.body.map((b: { id: number }) => b.id)).not.toContain(id);

    const again = await call(server, 'PATCH', path, undefined, admin);
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('was already verified');
    expect((await businessRow(id)).paybillVerifiedAt).toEqual(row.paybillVerifiedAt);
    expect(await auditOf('lender_business.verify_paybill', id)).toHaveLength(1);
  });

  it('refuses other roles, answers 404 for an unknown business and 409 for the platform paybill', async () => {
    const id = (await registerBusiness(amina, uniquePaybill(), 'Roles')).body.data.id;
    const path = `/admin/lender-business/${id}/verify-paybill`;
    expect((await call(server, 'PATCH', path, undefined, amina.token)).status).toBe(403);
    expect((await call(server, 'PATCH', path, undefined, aminaAgent.token)).status).toBe(403);
    expect((await call(server, 'PATCH', path)).status).toBe(401);
    for (const route of ['/admin/lender-business/paybills-waiting', '/admin/unassigned-payments']) {
      expect((await call(server, 'GET', route, undefined, amina.token)).status).toBe(403);
      expect((await call(server, 'GET', route, undefined, aminaAgent.token)).status).toBe(403);
    }
    expect((await businessRow(id)).paybillVerifiedAt).toBeNull();
    const unknown = await call(
      server,
      'PATCH',
      '/admin/lender-business/99999999/verify-paybill',
      undefined,
      admin,
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Business not found.']);

    const platformOwned = (await registerBusiness(baraka, platform, 'Platform')).body.data.id;
    const refused = await call(
      server,
      'PATCH',
      `/admin/lender-business/${platformOwned}/verify-paybill`,
      undefined,
      admin,
    );
    expect(refused.status).toBe(409);
  });

  it('a repeated Idempotency-Key gets the first answer back', async () => {
    const id = (await registerBusiness(amina, uniquePaybill(), 'Keyed')).body.data.id;
    const path = `/admin/lender-business/${id}/verify-paybill`;
    const headers = { 'idempotency-key': `verify-${id}-once` };
    const first = await call(server, 'PATCH', path, undefined, admin, headers);
    const repeat = await call(server, 'PATCH', path, undefined, admin, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(repeat.body.message).toContain('is verified');
  });
});

describe('who a C2B payment is credited to', () => {
  let unverifiedPaybill: string;
  beforeAll(async () => {
    unverifiedPaybill = uniquePaybill();
    expect((await registerBusiness(amina, unverifiedPaybill, 'Unverified')).status).toBe(201);
  });

  it.each([
    [
      'the platform shortcode and a known loan code',
      'PLAT000001',
      (): string => platform,
      'amina',
      'applied',
    ],
    [
      "the business's verified paybill and its own loan code",
      'OWN0000001',
      (): string => amina.paybill,
      'amina',
      'applied',
    ],
    [
      "the business's verified paybill written with a leading zero",
      'ZERO000001',
      (): string => `0${amina.paybill}`,
      'amina',
      'applied',
    ],
    [
      "a verified paybill and another business's loan code",
      'OTHER00001',
      (): string => amina.paybill,
      'baraka',
      'amina-unmatched',
    ],
    ['an unverified paybill', 'UNVER00001', (): string => unverifiedPaybill, 'amina', 'unassigned'],
    ['an unknown shortcode', 'UNKN000001', (): string => UNKNOWN_SHORTCODE, 'amina', 'unassigned'],
  ] as const)('%s (%s)', async (_what, transId, shortCode, loanOwner, expected) => {
    const loan = loanOwner === 'amina' ? aminaLoan : barakaLoan;
    const lender = loanOwner === 'amina' ? amina : baraka;
    const before = await outstanding(lender, loan.id);
    const capitalBefore = await capitalOf(server, lender);
    const answer = await pay(server, {
      paybill: shortCode(),
      account: loan.loanCode,
      amount: 100,
      transId,
    });
    expect(answer).toEqual({ status: 200, body: SUCCESS });
    const row = await paymentRow(transId);
    if (expected === 'applied') {
      expect(row).toMatchObject({
        verified: true,
        loanId: loan.id,
        lenderBusinessId: lender.businessId,
      });
      expect(await outstanding(lender, loan.id)).toBe(before - 100);
      expect(await capitalOf(server, lender)).toBe(capitalBefore + 100);
      expect(await seenBy(lender)).toContain(transId);
    } else {
      expect(await outstanding(lender, loan.id)).toBe(before);
      expect(await capitalOf(server, lender)).toBe(capitalBefore);
      expect(row).toMatchObject({ verified: false, loanId: null });
      expect(await seenBy(baraka)).not.toContain(transId);
    }
    if (expected === 'amina-unmatched') {
      expect(row.lenderBusinessId).toBe(amina.businessId);
      expect(await seenBy(amina)).toContain(transId);
      expect(await unassignedOne(transId)).toBeUndefined();
    }
    if (expected === 'unassigned') {
      expect(row.lenderBusinessId).toBeNull();
      expect(await seenBy(amina)).not.toContain(transId);
      expect(await unassignedOne(transId)).toMatchObject({
        state: 'unassigned',
        reason: shortCode() === UNKNOWN_SHORTCODE ? 'unknown_shortcode' : 'unverified_paybill',
      });
    }
  });

  it("an unknown account on the platform shortcode is unassigned; on a verified paybill it is that business's to match", async () => {
    await pay(server, {
      paybill: platform,
      account: 'NOSUCH1',
      amount: 250,
      transId: 'PLATUNK001',
    });
    expect(await unassignedOne('PLATUNK001')).toMatchObject({
      state: 'unassigned',
      reason: 'unknown_account',
      amount: 250,
      paybillBusiness: null,
    });
    await pay(server, {
      paybill: amina.paybill,
      account: 'NOSUCH1',
      amount: 250,
      transId: 'OWNUNK0001',
    });
    expect((await paymentRow('OWNUNK0001')).lenderBusinessId).toBe(amina.businessId);
    expect(await unassignedOne('OWNUNK0001')).toBeUndefined();
    // Paid to an unverified paybill, the list names whose paybill it was.
    await pay(server, {
      paybill: unverifiedPaybill,
      account: 'X',
      amount: 30,
      transId: 'UNVER00002',
    });
    expect((await unassignedOne('UNVER00002'))?.paybillBusiness?.businessName).toBe(
      `Unverified ${unverifiedPaybill}`,
    );
  });

  it("a lender never sees or matches a payment that is another business's or nobody's", async () => {
    await pay(server, {
      paybill: baraka.paybill,
      account: 'WRONG01',
      amount: 100,
      transId: 'BARAKA0001',
    });
    await pay(server, {
      paybill: UNKNOWN_SHORTCODE,
      account: 'WRONG01',
      amount: 100,
      transId: 'NOBODY0001',
    });
    const aminaSees = await seenBy(amina);
    expect(aminaSees).not.toContain('BARAKA0001');
    expect(aminaSees).not.toContain('NOBODY0001');
    expect(await seenBy(baraka)).toContain('BARAKA0001');
    for (const transId of ['BARAKA0001', 'NOBODY0001']) {
      const match = await call(
        server,
        'POST',
        '/manual-match/transaction',
        { loanId: aminaLoan.id, mpesaLoanRepaymentId: (await paymentRow(transId)).id },
        amina.token,
      );
      expect([match.status, match.body.message]).toEqual([404, 'Repayment not found.']);
    }
  });
});

describe('Unassigned payments: assign or refund to the payer', () => {
  const assign = (id: number, lenderBusinessId: number, token = admin, headers = {}) =>
    call(
      server,
      'POST',
      `/admin/unassigned-payments/${id}/assign`,
      { lenderBusinessId },
      token,
      headers,
    );
  const refund = (id: number, phoneNumber: string, token = admin) =>
    call(server, 'POST', `/admin/unassigned-payments/${id}/refund`, { phoneNumber }, token);

  it('assigned to a business, a payment waits in its Manual Match and its lender matches it', async () => {
    await pay(server, {
      paybill: UNKNOWN_SHORTCODE,
      account: 'ASK-ME',
      amount: 400,
      transId: 'ASSIGN0001',
    });
    const { id } = (await paymentRow('ASSIGN0001'))!;
    expect((await assign(id, amina.businessId, amina.token)).status).toBe(403);
    expect((await assign(99999999, amina.businessId)).status).toBe(404);
    expect((await assign(id, 99999999)).status).toBe(404);

    const headers = { 'idempotency-key': `assign-${id}-once` };
    const assigned = await assign(id, amina.businessId, admin, headers);
    expect([assigned.status, assigned.body.message]).toEqual([
      200,
      "Payment assigned to Amina Capital. It is waiting in that business's Manual Match.",
    ]);
    const replay = await assign(id, amina.businessId, admin, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await assign(id, baraka.businessId)).status).toBe(409);
    expect(await unassignedOne('ASSIGN0001')).toBeUndefined();
    expect(await paymentRow('ASSIGN0001')).toMatchObject({
      lenderBusinessId: amina.businessId,
      assignedByUserId: jwtDecode<{ id: number }>(admin).id,
    });
    expect(await auditOf('payment.assign', id)).toHaveLength(1);
    expect(await seenBy(amina)).toContain('ASSIGN0001');
    expect(await seenBy(baraka)).not.toContain('ASSIGN0001');

    const before = await outstanding(amina, aminaLoan.id);
    const capitalBefore = await capitalOf(server, amina);
    const match = await call(
      server,
      'POST',
      '/manual-match/transaction',
      { loanId: aminaLoan.id, mpesaLoanRepaymentId: id },
      amina.token,
    );
    expect(match.status).toBe(200);
    expect(await outstanding(amina, aminaLoan.id)).toBe(before - 400);
    expect(await capitalOf(server, amina)).toBe(capitalBefore + 400);
  });

  it('refunded to the payer by B2C: no capital moves, and the payment is marked refunded', async () => {
    await pay(server, {
      paybill: platform,
      account: 'NOLOAN',
      amount: 1200,
      transId: 'REFUND0001',
    });
    const { id } = await paymentRow('REFUND0001');
    const capitals = [await capitalOf(server, amina), await capitalOf(server, baraka)];
    const capitalRows = (await server.database.db.select().from(capitalTransactions)).length;
    expect((await refund(id, '0712345678', amina.token)).status).toBe(403);
    expect((await refund(id, '12345')).status).toBe(400);

    const sent = await refund(id, '0712 345 678');
    expect([sent.status, sent.body.message]).toEqual([
      200,
      'Refund sent to M-Pesa. The payment is marked refunded when M-Pesa confirms.',
    ]);
    const done = await eventually(async () => {
      const row = await unassignedOne('REFUND0001');
      return row?.state === 'refunded' ? row : null;
    });
    expect(done.refund).toMatchObject({ status: 'succeeded', phoneNumber: '254712345678' });
    const [request] = await server.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.id, (await paymentRow('REFUND0001')).payerRefundRequestId!));
    expect(request).toMatchObject({
      purpose: 'payer_refund',
      lenderBusinessId: null,
      amount: '1200.00',
      status: 'succeeded',
    });
    expect([await capitalOf(server, amina), await capitalOf(server, baraka)]).toEqual(capitals);
    expect((await server.database.db.select().from(capitalTransactions)).length).toBe(capitalRows);
    expect((await auditOf('payment.refund_to_payer', id)).length).toBe(1);
    expect((await auditOf('payment.payer_refunded', id)).length).toBe(1);
    // Nothing more can happen to it.
    expect((await refund(id, '0712345678')).status).toBe(409);
    expect((await assign(id, amina.businessId)).status).toBe(409);
  });

  it('a refund M-Pesa fails (0700000002) shows it failed and why, and can still be assigned', async () => {
    await pay(server, {
      paybill: UNKNOWN_SHORTCODE,
      account: 'NOLOAN',
      amount: 600,
      transId: 'REFUNDF001',
    });
    const { id } = await paymentRow('REFUNDF001');
    expect((await refund(id, '0700000002')).status).toBe(200);
    await eventually(async () => (await unassignedOne('REFUNDF001'))?.state === 'refund_failed');
    expect((await unassignedOne('REFUNDF001'))?.refund).toMatchObject({
      status: 'failed',
      resultDesc: expect.any(String),
    });
    expect(await auditOf('payment.payer_refund_failed', id)).toHaveLength(1);
    expect((await assign(id, baraka.businessId)).status).toBe(200);
    expect(await seenBy(baraka)).toContain('REFUNDF001');
  });

  it('refuses a refund below the B2C minimum or in cents', async () => {
    await pay(server, { paybill: platform, account: 'NOLOAN', amount: 9, transId: 'SMALL00001' });
    const small = await refund((await paymentRow('SMALL00001')).id, '0712345678');
    expect([small.status, small.body.message]).toEqual([
      400,
      'The amount is less than the minimum transaction amount of KES 10.',
    ]);
    await pay(server, {
      paybill: platform,
      account: 'NOLOAN',
      amount: 12.5,
      transId: 'CENTS00001',
    });
    const cents = await refund((await paymentRow('CENTS00001')).id, '0712345678');
    expect(cents.status).toBe(400);
    expect((await unassignedOne('CENTS00001'))?.state).toBe('unassigned');
  });
});

describe('a payer refund M-Pesa cannot take', () => {
  it('answers 502, shows the refund failed and frees the Idempotency-Key for a retry', async () => {
    const down: MpesaGateway = {
      kind: 'simulator',
      stkPush: () => Promise.reject(new Error('not used')),
      b2c: () =>
        Promise.reject(new MpesaError('Could not reach M-Pesa (Daraja).', { notSent: true })),
      transactionStatus: () => Promise.reject(new Error('not used')),
      stkStatus: () => Promise.reject(new Error('not used')),
    };
    const offline = await startTestServer({}, { mpesa: down });
    try {
      const token = await adminToken(offline);
      await pay(offline, { paybill: '999999', account: 'X', amount: 500, transId: 'DOWN000001' });
      const [payment] = await offline.database.db.select().from(mpesaRepaymentTransactions);
      const headers = { 'idempotency-key': 'refund-down-0001' };
      const send = () =>
        call(
          offline,
          'POST',
          `/admin/unassigned-payments/${payment!.id}/refund`,
          { phoneNumber: '0712345678' },
          token,
          headers,
        );
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await send();
        expect([answer.status, answer.body.message]).toEqual([
          502,
          'M-Pesa could not be reached. Nothing was charged; please try again.',
        ]);
        expect(answer.headers.get('idempotent-replayed')).toBeNull();
        const list = await call(offline, 'GET', '/admin/unassigned-payments', undefined, token);
        expect(list.body[0]).toMatchObject({
          transId: 'DOWN000001',
          state: 'refund_failed',
          refund: { status: 'failed', resultDesc: 'Could not reach M-Pesa (Daraja).' },
        });
      }
      const requests = await offline.database.db.select().from(mpesaRequests);
      expect(requests.map((r) => [r.purpose, r.status])).toEqual([
        ['payer_refund', 'failed'],
        ['payer_refund', 'failed'],
      ]);
    } finally {
      await offline.close();
    }
  });
});

describe('C2B confirmations M-Pesa could not have sent', () => {
  it.each([
    ['0', 'amount_not_positive', '0.00'],
    ['-5', 'amount_not_positive', '-5.00'],
    ['300000', 'amount_above_maximum', '300000.00'],
    ['abc', 'amount_unparseable', '0.00'],
    ['1e3', 'amount_unparseable', '0.00'],
  ])(
    'TransAmount %s is kept as an anomaly (%s), not applied, and acknowledged',
    async (amount, anomaly, stored) => {
      const transId = `ANOM${anomaly.length}${amount.replace(/\W/g, 'X')}`
        .toUpperCase()
        .slice(0, 20);
      const before = await outstanding(amina, aminaLoan.id);
      const capitalBefore = await capitalOf(server, amina);
      const answer = await pay(server, {
        paybill: amina.paybill,
        account: aminaLoan.loanCode,
        amount: 0,
        transId,
        transAmount: amount,
      });
      expect(answer).toEqual({ status: 200, body: SUCCESS });
      expect(await paymentRow(transId)).toMatchObject({
        anomaly,
        amount: stored,
        loanId: null,
        lenderBusinessId: null,
        verified: false,
      });
      expect(await outstanding(amina, aminaLoan.id)).toBe(before);
      expect(await capitalOf(server, amina)).toBe(capitalBefore);
      expect(await seenBy(amina)).not.toContain(transId);
      const listed = await unassignedOne(transId);
      expect(listed).toMatchObject({ state: 'anomaly', reason: anomaly, reportedAmount: amount });
      const assigned = await call(
        server,
        'POST',
        `/admin/unassigned-payments/${listed!.id}/assign`,
        { lenderBusinessId: amina.businessId },
        admin,
      );
      expect(assigned.status).toBe(409);
      // Sent again, it changes nothing.
      expect(
        (
          await pay(server, {
            paybill: amina.paybill,
            account: aminaLoan.loanCode,
            amount: 0,
            transId,
            transAmount: amount,
          })
        ).body,
      ).toEqual(SUCCESS);
      expect((await unassigned()).filter((p) => p.transId === transId)).toHaveLength(1);
    },
  );
});

describe('a C2B confirmation without a usable TransID', () => {
  it('is refused in the answer (still HTTP 200) and nothing is stored', async () => {
    const stored = async () =>
      (await server.database.db.select().from(mpesaRepaymentTransactions)).length;
    const before = await stored();
    for (const transId of ['', 'RK T 0001', 'rk-0001']) {
      const answer = await pay(server, {
        paybill: platform,
        account: aminaLoan.loanCode,
        amount: 10,
        transId,
      });
      expect(answer).toEqual({
        status: 200,
        body: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' },
      });
    }
    expect(await stored()).toBe(before);
  });
});

describe('a TransID is one payment whatever its letter case', () => {
  it('applies a lower-case TransID once; replays in any case change nothing', async () => {
    const before = await outstanding(amina, aminaLoan.id);
    expect(
      (
        await pay(server, {
          paybill: amina.paybill,
          account: aminaLoan.loanCode,
          amount: 50,
          transId: 'rkcase0001',
        })
      ).body,
    ).toEqual(SUCCESS);
    expect(await outstanding(amina, aminaLoan.id)).toBe(before - 50);
    for (const transId of ['RKCASE0001', ' RkCase0001 ', 'rkcase0001']) {
      expect(
        (
          await pay(server, {
            paybill: amina.paybill,
            account: aminaLoan.loanCode,
            amount: 50,
            transId,
          })
        ).body,
      ).toEqual(SUCCESS);
    }
    expect(await outstanding(amina, aminaLoan.id)).toBe(before - 50);
    const rows = await server.database.db
      .select()
      .from(mpesaRepaymentTransactions)
      .where(sql`upper(${mpesaRepaymentTransactions.transId}) = 'RKCASE0001'`);
    expect(rows.map((r) => r.transId)).toEqual(['RKCASE0001']);
  });
});

describe("the platform's shortcode setting", () => {
  it('is MPESA_SHORTCODE, else 174379 in simulator mode', () => {
    expect(loadConfig({}).mpesa.platformShortCode).toBe('174379');
    expect(loadConfig({ MPESA_SHORTCODE: '600100' }).mpesa.platformShortCode).toBe('600100');
    expect(() => loadConfig({ MPESA_SHORTCODE: '12' })).toThrowError(ConfigError);
  });
});

describe('npm run mpesa:register-c2b', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [compiledEntryPoint('server/scripts/mpesa-register-c2b.ts'), ...args],
        {
          env: {
            ...process.env,
            MPESA_MODE: 'simulator',
            MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
            PUBLIC_URL: 'https://mkopo.example',
            ...env,
          },
        },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => resolve({ code, out }));
    });

  it("registers our URLs for a business's paybill with that business's own credentials", async () => {
    const peer = await startDarajaPeer({ consumerKey: 'biz-key', consumerSecret: 'biz-secret' });
    try {
      const ok = await run([
        '--shortcode',
        '600100',
        '--consumer-key',
        'biz-key',
        '--consumer-secret',
        'biz-secret',
        '--base-url',
        peer.url,
      ]);
      expect(ok.code).toBe(0);
      expect(ok.out).toContain('Registered the C2B URLs of paybill 600100');
      expect(ok.out).not.toContain(TEST_CALLBACK_SECRET);
      expect(peer.calls(OAUTH_PATH)[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from('biz-key:biz-secret').toString('base64')}`,
      );
      expect(peer.calls(C2B_REGISTER_PATH)[0]?.body).toStrictEqual({
        ShortCode: '600100',
        ResponseType: 'Completed',
        ConfirmationURL: `https://mkopo.example/api/mpesa/callback/${TEST_CALLBACK_SECRET}/c2b/confirmation`,
        ValidationURL: `https://mkopo.example/api/mpesa/callback/${TEST_CALLBACK_SECRET}/c2b/validation`,
      });

      // Credentials from the environment; a refusal is reported with Daraja's words.
      const wrong = await run(['--shortcode', '600100', '--base-url', peer.url], {
        MPESA_C2B_CONSUMER_KEY: 'biz-key',
        MPESA_C2B_CONSUMER_SECRET: 'not-the-secret',
      });
      expect(wrong.code).toBe(1);
      expect(wrong.out).toContain('Invalid Authentication passed');
      const missing = await run(['--shortcode', '600100']);
      expect(missing.code).toBe(2);
      expect(missing.out).toContain('Missing --consumer-key, --consumer-secret');
    } finally {
      await peer.close();
    }
  });
});
