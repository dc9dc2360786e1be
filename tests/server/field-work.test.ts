/**
 * Field work over HTTP (follow-ups list, loan follow-up page, borrower file upload): the
 * loans an agent follows up with their days overdue, the follow-up history, and loan
 * files — validation, tenancy and refused uploads.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, loanAgreementFiles, loanAgreements, loans } from '../../server/db/schema';
import { daysOverdue, isSeriouslyOverdue } from '../../src/domain/field-work';
import { FAKE_PNG, pdf, png } from '../support/files';
import {
  activeAgent,
  approvedLender,
  FOUR_WEEKS,
  lendingBook,
  registerBorrower,
  type Agent,
  type Borrower,
  type Lender,
} from '../support/fixtures';
import { eventually, loanStatus } from '../support/money';
import { call, callForm, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let planId: number;
let otherLender: Lender;
let otherAgent: Agent;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Wanjiku',
    plan: { ...FOUR_WEEKS, name: 'Four weeks' },
    capital: 100_000,
  }));
  otherLender = await approvedLender(server, 'Mutua');
  otherAgent = await activeAgent(server, otherLender);
});
afterAll(async () => {
  await server?.close();
});

async function borrower(overrides: Record<string, string | number> = {}): Promise<Borrower> {
  return registerBorrower(server, agent.token, lender.businessId, agent.areaId, overrides);
}

async function apply(borrowerId: number, principal = 5_000) {
  const res = await call(
    server,
    'POST',
    '/loan/apply',
    {
      borrowerId,
      lenderLoanPlanId: planId,
      principalAmount: principal,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: number; loanCode: string };
}

/** Applied, disbursed through the M-Pesa simulator, and active. */
async function activeLoan(overrides: Record<string, string | number> = {}) {
  const owner = await borrower(overrides);
  const loan = await apply(owner.id);
  const approve = await call(
    server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
  expect(approve.status).toBe(200);
  await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'active');
  return { ...loan, borrower: owner };
}

/** Moves a loan's due date into the past, as time passing would. */
async function dueAgo(loanId: number, days: number, status?: 'default') {
  await server.database.db
    .update(loans)
    .set({
      dueDate: new Date(Date.now() - days * DAY_MS),
      ...(status ? { status } : {}),
    })
    .where(eq(loans.id, loanId));
}

type ListedLoan = {
  id: number;
  daysOverdue: number;
  lastFollowUpAt: string | null;
  followUpCount: number;
};

async function followUpList(token = agent.token, query = '') {
  const res = await call(server, 'GET', `/loan/active-for-follow-up${query}`, undefined, token);
  return res as { status: number; body: ListedLoan[] & { message?: string } };
}

const historyOf = (loanId: number, token = agent.token) =>
  call(server, 'GET', `/follow-up/loan/${loanId}`, undefined, token);

const followUp = (loanId: number, comment: unknown, token = agent.token) =>
  call(server, 'POST', '/follow-up', { loanId, comment }, token);

async function rowCounts() {
  const db = server.database.db;
  const [docs] = await db.select({ n: count() }).from(documents);
  const [agreements] = await db.select({ n: count() }).from(loanAgreements);
  const [files] = await db.select({ n: count() }).from(loanAgreementFiles);
  return { documents: docs!.n, agreements: agreements!.n, files: files!.n };
}

/** How many loan files lie in storage (local storage under DATA_DIR/files). */
function storedLoanFiles(): number {
  const root = path.join(server.config.dataDir, 'files', 'loan-files');
  if (!existsSync(root)) return 0;
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

describe('days overdue (src/domain, shared with the client)', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('counts whole days past the due date, rounded up, floored at 0', () => {
    expect(daysOverdue(null, now)).toBe(0);
    expect(daysOverdue('2026-11-30T09:00:00Z', now)).toBe(0);
    expect(daysOverdue('2026-11-22T09:00:00Z', now)).toBe(0);
    expect(daysOverdue('2026-11-22T08:59:00Z', now)).toBe(1);
    expect(daysOverdue(new Date('2026-11-15T09:00:00Z'), now)).toBe(7);
    expect(daysOverdue('2026-11-14T21:00:00Z', now)).toBe(8);
  });
  it('badges more than 7 days as destructive', () => {
    expect(isSeriouslyOverdue(7)).toBe(false);
    expect(isSeriouslyOverdue(8)).toBe(true);
  });
});

describe('GET /loan/active-for-follow-up', () => {
  let current: Awaited<ReturnType<typeof activeLoan>>;
  let overdue: Awaited<ReturnType<typeof activeLoan>>;
  let defaulted: Awaited<ReturnType<typeof activeLoan>>;
  let pendingId: number;

  beforeAll(async () => {
    current = await activeLoan({ firstName: 'Grace', lastName: 'Achieng' });
    overdue = await activeLoan({ firstName: 'Peter', lastName: 'Kariuki' });
    defaulted = await activeLoan({ firstName: 'Joy', lastName: 'Muthoni' });
    pendingId = (await apply((await borrower()).id)).id;
    await dueAgo(overdue.id, 9.5);
    await dueAgo(defaulted.id, 40.2, 'default');
  });

  it("lists the active and default loans of the agent's businesses, most overdue first", async () => {
    const res = await followUpList();
    expect(res.status).toBe(200);
    const ids = res.body.map((loan) => loan.id);
    expect(ids).toEqual([defaulted.id, overdue.id, current.id]);
    expect(ids).not.toContain(pendingId);
    expect(res.body.map((loan) => loan.daysOverdue)).toEqual([41, 10, 0]);

    const [row] = await server.database.db.select().from(loans).where(eq(loans.id, overdue.id));
    expect(res.body[1]).toEqual({
      id: overdue.id,
      loanCode: overdue.loanCode,
      status: 'active',
      principalAmount: 5_000,
      outstandingAmount: 5_500,
      disbursementDate: row!.disbursementDate!.toISOString(),
      dueDate: row!.dueDate!.toISOString(),
      daysOverdue: 10,
      lenderBusinessId: lender.businessId,
      lenderBusiness: { id: lender.businessId, businessName: 'Wanjiku Capital' },
      borrower: {
        id: overdue.borrower.id,
        firstName: 'Peter',
        lastName: 'Kariuki',
        phoneNumber: overdue.borrower.phoneNumber,
        idNumber: overdue.borrower.idNumber,
      },
      lenderLoanPlan: { name: 'Four weeks', durationInDays: 28 },
      lastFollowUpAt: null,
      followUpCount: 0,
    });
    expect(res.body[2]).toMatchObject({ status: 'active', daysOverdue: 0 });
    expect(res.body[0]).toMatchObject({ status: 'default', daysOverdue: 41 });
  });

  it('narrows to one of the agent’s businesses; another business answers 404', async () => {
    const mine = await followUpList(agent.token, `?lenderBusinessId=${lender.businessId}`);
    expect(mine.body.map((loan) => loan.id)).toEqual([defaulted.id, overdue.id, current.id]);
    const foreign = await followUpList(agent.token, `?lenderBusinessId=${otherLender.businessId}`);
    expect(foreign.status).toBe(404);
  });

  it('pages on request, most overdue first, with the total; without a page the whole list', async () => {
    const whole = await call(server, 'GET', '/loan/active-for-follow-up', undefined, agent.token);
    expect(whole.headers.get('x-total-count')).toBeNull();
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await call(
        server,
        'GET',
        `/loan/active-for-follow-up?page=${page}&limit=1&lenderBusinessId=${lender.businessId}`,
        undefined,
        agent.token,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('3');
      seen.push(...(res.body as ListedLoan[]).map((loan) => loan.id));
    }
    expect(seen).toEqual([defaulted.id, overdue.id, current.id]);
    const limitTooBig = await followUpList(agent.token, '?page=1&limit=100000');
    expect(limitTooBig.status).toBe(400);
  });

  it("shows an agent of another lender none of this lender's loans; lenders may not call it", async () => {
    const other = await followUpList(otherAgent.token);
    expect([other.status, other.body]).toEqual([200, []]);
    expect((await followUpList(lender.token)).status).toBe(403);
  });

  describe('follow-ups', () => {
    it('refuses a comment shorter than 5 characters (trimmed) and a missing loan', async () => {
      for (const body of [
        { loanId: overdue.id, comment: '  abc   ' },
        { loanId: overdue.id, comment: '' },
        { loanId: overdue.id },
      ]) {
        const res = await call(server, 'POST', '/follow-up', body, agent.token);
        expect([res.status, res.body.message]).toEqual([
          400,
          'Comment must be at least 5 characters',
        ]);
      }
      const noLoan = await call(server, 'POST', '/follow-up', { comment: 'Will pay' }, agent.token);
      expect([noLoan.status, noLoan.body.message]).toEqual([
        400,
        'Choose the loan this follow-up is about.',
      ]);
      const missing = await followUp(99_999_999, 'Will pay on Friday');
      expect([missing.status, missing.body.message]).toEqual([404, 'Loan Not Found']);
    });

    it('records follow-ups, lists them newest first and updates the loan list', async () => {
      const first = await followUp(overdue.id, '  Called, no answer.  ');
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        message: 'Follow-up created successfully',
        data: {
          id: expect.any(Number),
          comment: 'Called, no answer.',
          createdAt: expect.any(String),
          loanId: overdue.id,
          agent: { firstName: 'Otieno', lastName: 'Field' },
        },
      });
      const second = await followUp(
        overdue.id,
        'Visited the shop; promised to pay 2,000 on Friday.',
      );
      expect(second.status).toBe(201);

      const history = await historyOf(overdue.id);
      expect(history.status).toBe(200);
      expect(history.body.map((f: { id: number }) => f.id)).toEqual([
        second.body.data.id,
        first.body.data.id,
      ]);
      expect(history.body[0]).toEqual(second.body.data);

      // The lender of the business reads the same history.
      const asLender = await historyOf(overdue.id, lender.token);
      expect(asLender.body).toEqual(history.body);

      const listed = (await followUpList()).body.find((loan) => loan.id === overdue.id)!;
      expect(listed.followUpCount).toBe(2);
      expect(listed.lastFollowUpAt).toBe(second.body.data.createdAt);
      const untouched = (await followUpList()).body.find((loan) => loan.id === current.id)!;
      expect([untouched.followUpCount, untouched.lastFollowUpAt]).toEqual([0, null]);
    });

    it('a repeat with the same Idempotency-Key records the follow-up once', async () => {
      const headers = { 'Idempotency-Key': 'follow-up-test-key-0001' };
      const body = { loanId: current.id, comment: 'Reminded about the due date.' };
      const once = await call(server, 'POST', '/follow-up', body, agent.token, headers);
      const again = await call(server, 'POST', '/follow-up', body, agent.token, headers);
      expect([once.status, again.status]).toEqual([201, 201]);
      expect(again.body).toEqual(once.body);
      const history = await historyOf(current.id);
      expect(history.body).toHaveLength(1);
    });

    it('racing repeats with one Idempotency-Key record one follow-up and answer alike', async () => {
      // The route answers repeats from runIdempotent's claim, without the early look-up.
      const headers = { 'Idempotency-Key': 'follow-up-test-key-race' };
      const body = { loanId: current.id, comment: 'Raced: promised to pay on Monday.' };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(server, 'POST', '/follow-up', body, agent.token, headers),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(
        4,
      );
      const history = await historyOf(current.id);
      expect(history.body.filter((f: { comment: string }) => f.comment === body.comment)).toEqual([
        answers[0]!.body.data,
      ]);
      const reused = await call(
        server,
        'POST',
        '/follow-up',
        { ...body, comment: 'Another note under the same key.' },
        agent.token,
        headers,
      );
      expect(reused.status).toBe(422);
    });

    it("answers 404 for another lender's agent or lender, reading or writing", async () => {
      for (const token of [otherAgent.token, otherLender.token]) {
        const read = await historyOf(overdue.id, token);
        expect([read.status, read.body.message]).toEqual([404, 'Loan Not Found']);
      }
      const write = await followUp(overdue.id, 'Trying to write here', otherAgent.token);
      expect(write.status).toBe(404);
      const history = await historyOf(overdue.id);
      expect(history.body).toHaveLength(2);
    });
  });
});

describe('loan files', () => {
  let owner: Borrower;
  beforeAll(async () => {
    owner = await borrower({ firstName: 'Esther', lastName: 'Njeri' });
  });

  const upload = (
    fields: Record<string, string | number>,
    files: Parameters<typeof callForm>[4],
    token = agent.token,
  ) => callForm(server, 'POST', '/loan-agreement-uploads/files', fields, files, token);

  it('POST /loan-agreement/for-loan opens an agreement for a borrower of my businesses', async () => {
    const res = await call(
      server,
      'POST',
      '/loan-agreement/for-loan',
      { borrowerId: owner.id },
      agent.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      data: {
        borrowerId: owner.id,
        lenderBusinessId: lender.businessId,
        createdByUserId: agent.id,
      },
    });
    expect(res.body.data.id).toBe(res.body.id);

    const missing = await call(server, 'POST', '/loan-agreement/for-loan', {}, agent.token);
    expect([missing.status, missing.body.message]).toEqual([400, 'Borrower is required']);
    const foreign = await call(
      server,
      'POST',
      '/loan-agreement/for-loan',
      { borrowerId: owner.id },
      otherAgent.token,
    );
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Borrower not found']);
  });

  it.each([
    [{ borrowerId: 1 }, 'Add a decription or comment that can be given'],
    [{ description: '   ', borrowerId: 1 }, 'Add a decription or comment that can be given'],
    [{ description: 'Signed agreement' }, 'Borrower is required'],
    [{ description: 'Signed agreement', borrowerId: 0 }, 'Borrower is required'],
  ])('validates the fields (%#)', async (fields, message) => {
    const before = await rowCounts();
    const res = await upload(fields, { loanAgreementfilesorImage: pdf() });
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a bad file, or no file at all, and stores nothing', async () => {
    const before = await rowCounts();
    const filesBefore = storedLoanFiles();
    const fields = { description: 'Signed agreement', borrowerId: owner.id };
    const fake = await upload(fields, {
      loanAgreementfilesorImage: pdf('agreement.pdf'),
      otherImage: { bytes: FAKE_PNG, name: 'receipt.png', type: 'image/png' },
    });
    expect([fake.status, fake.body.message]).toEqual([
      400,
      'receipt.png is not a JPEG, PNG, WebP or PDF file. Please upload a photo or a PDF.',
    ]);
    const none = await upload(fields, {});
    expect([none.status, none.body.message]).toEqual([
      400,
      'Choose a loan agreement file or another file to upload.',
    ]);
    const foreign = await upload(fields, { otherImage: png() }, otherAgent.token);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Borrower not found']);
    expect(await rowCounts()).toEqual(before);
    expect(storedLoanFiles()).toBe(filesBefore);
  });

  it('uploads the files into a new agreement, or into one opened by for-loan, and lists them', async () => {
    const filesBefore = storedLoanFiles();
    const first = await upload(
      { description: 'Signed agreement and the guarantor form', borrowerId: owner.id },
      { loanAgreementfilesorImage: pdf('agreement.pdf'), otherImage: png('guarantor.png') },
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Loan files uploaded successfully',
      data: {
        id: expect.any(Number),
        loanAgreementId: first.body.data.id,
        borrowerId: owner.id,
        description: 'Signed agreement and the guarantor form',
      },
    });
    const kinds = first.body.data.files.map((f: { kind: string }) => f.kind).sort();
    expect(kinds).toEqual(['loanAgreement', 'other']);
    const agreementFile = first.body.data.files.find(
      (f: { kind: string }) => f.kind === 'loanAgreement',
    );
    expect(agreementFile).toMatchObject({
      description: 'Signed agreement and the guarantor form',
      contentType: 'application/pdf',
      fileName: 'agreement.pdf',
      sizeBytes: pdf().bytes.length,
      storageKey: expect.stringMatching(/^loan-files\/\d+\/.+\.pdf$/),
    });
    expect(storedLoanFiles()).toBe(filesBefore + 2);

    const opened = await call(
      server,
      'POST',
      '/loan-agreement/for-loan',
      { borrowerId: owner.id },
      agent.token,
    );
    const second = await upload(
      {
        description: 'Receipt of the first payment',
        borrowerId: owner.id,
        loanAgreement: opened.body.id,
      },
      { otherImage: png('receipt.png') },
    );
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ id: opened.body.id, loanAgreementId: opened.body.id });
    expect(second.body.data.files).toHaveLength(1);

    // An agreement of another borrower is not this borrower's.
    const stranger = await borrower();
    const wrong = await upload(
      { description: 'Wrong folder', borrowerId: stranger.id, loanAgreement: opened.body.id },
      { otherImage: png() },
    );
    expect([wrong.status, wrong.body.message]).toEqual([404, 'Loan agreement not found.']);

    const list = await call(
      server,
      'GET',
      `/loan-agreement/borrower/${owner.id}`,
      undefined,
      agent.token,
    );
    expect(list.status).toBe(200);
    const ids = list.body.map((a: { id: number }) => a.id);
    expect(ids).toContain(first.body.data.id);
    expect(ids.indexOf(opened.body.id)).toBeLessThan(ids.indexOf(first.body.data.id));
    const listedFirst = list.body.find((a: { id: number }) => a.id === first.body.data.id);
    expect(listedFirst.description).toBe('Signed agreement and the guarantor form');
    expect(listedFirst.files).toHaveLength(2);
    const listedSecond = list.body.find((a: { id: number }) => a.id === opened.body.id);
    expect(listedSecond).toMatchObject({
      description: 'Receipt of the first payment',
      files: [{ kind: 'other', contentType: 'image/png', fileName: 'receipt.png' }],
    });

    // The storage key opens the file for the agent and the business's lender, not others.
    const link = async (token: string) =>
      call(
        server,
        'GET',
        `/auth/lender/presigned-url?bucket=mkopo-documents&fileName=${encodeURIComponent(agreementFile.storageKey)}`,
        undefined,
        token,
      );
    for (const token of [agent.token, lender.token]) {
      const res = await link(token);
      expect(res.status).toBe(200);
      const file = await fetch(res.body.url);
      expect(file.headers.get('content-type')).toBe('application/pdf');
    }
    expect((await link(otherAgent.token)).status).toBe(404);

    for (const token of [otherAgent.token, otherLender.token]) {
      const foreign = await call(
        server,
        'GET',
        `/loan-agreement/borrower/${owner.id}`,
        undefined,
        token,
      );
      expect([foreign.status, foreign.body.message]).toEqual([404, 'Borrower not found']);
    }
  });

  it('lists a borrower without files as an empty list', async () => {
    const fresh = await borrower();
    const res = await call(
      server,
      'GET',
      `/loan-agreement/borrower/${fresh.id}`,
      undefined,
      lender.token,
    );
    expect([res.status, res.body]).toEqual([200, []]);
    const agreements = await server.database.db
      .select({ n: count() })
      .from(loanAgreements)
      .where(sql`${loanAgreements.borrowerId} = ${fresh.id}`);
    expect(agreements[0]!.n).toBe(0);
  });
});
