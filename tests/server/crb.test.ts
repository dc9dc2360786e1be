/**
 * Credit bureau submissions and the notice before adverse listing (docs/crb.md), through the
 * real server, its M-Pesa simulator and a clock the test moves. A scripted month of one
 * business — a loan repaid, one current, one late, one in default, one written off, borrowers
 * whose records fail the checks — is exported, and both files are read field by field against
 * the manual's definitions and the loans' own statements; the default's borrower is followed
 * through the notice (SMS text and date), the wait (still reported performing) and the listing
 * (non-performing after the deadline); versions are immutable; only the business's lender and
 * admins reach any of it.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountFields,
  addDays,
  consumerFields,
  crbDate,
  daysFrom,
  lastDayOfMonth,
  type CrbSubmission,
} from '../../src/domain/crb';
import type { Statement } from '../../src/domain/loans';
import { borrowers } from '../../server/db/schema';
import {
  adminToken,
  approvedLender,
  FOUR_WEEKS,
  lendingBook,
  newBorrower,
  type LendingBook,
} from '../support/fixtures';
import { backdateLoan, deposit, disbursedLoan, repayInFull } from '../support/money';
import { messagesOf, nairobiDay, nairobiTime, testClock } from '../support/sms';
import { call, startTestServer, type TestServer } from '../support/test-server';

const today = nairobiDay(new Date());
const month0 = today.slice(0, 7);
const monthAfter = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
const month2 = monthAfter(month0, 2);
const clock = testClock(nairobiTime(today, '10:00'));
let server: TestServer;
let world: LendingBook;
let admin: string;

const transId = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

type Loan = { id: number; loanCode: string; borrowerId: number };
const loans: Record<'repaid' | 'current' | 'late' | 'defaulted' | 'writtenOff', Loan> = {} as never;
let badGender: Loan;
let badId: Loan;

async function loan(backdays: number, language?: 'sw'): Promise<Loan> {
  const borrower = await newBorrower(server, world);
  if (language) {
    await call(
      server,
      'PATCH',
      `/borrower/${borrower.id}/sms-language`,
      { language },
      world.agent.token,
    );
  }
  const made = await disbursedLoan(server, world.agent, world.lender, {
    borrowerId: borrower.id,
    planId: world.planId,
    principal: 5000,
  });
  if (backdays) await backdateLoan(server, made.id, backdays);
  return { id: made.id, loanCode: made.loanCode, borrowerId: borrower.id };
}

const statementOf = async (id: number) =>
  (await call(server, 'GET', `/loan/${id}/statement`, undefined, world.lender.token))
    .body as Statement;

async function generate(month: string, token = world.lender.token) {
  return call(
    server,
    'POST',
    '/crb/submissions',
    { lenderBusinessId: world.lender.businessId, month },
    token,
  );
}

async function download(id: number, kind: 'consumer' | 'account', token = world.lender.token) {
  const res = await fetch(`${server.api}/crb/submissions/${id}/files/${kind}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** A file's records by Account Number, each as { field name: value }. */
function records(text: string, names: readonly string[]) {
  const lines = text.split('\r\n').filter(Boolean);
  return new Map(
    lines.map((line) => {
      const values = line.split('|');
      expect(values).toHaveLength(names.length);
      const record = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
      return [record['Account Number']!, record];
    }),
  );
}

const shillings = (amount: number) => String(Math.round(amount));

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' }, { now: clock.now });
  world = await lendingBook(server, { name: 'Achieng', plan: FOUR_WEEKS });
  admin = await adminToken(server);
  await deposit(server, world.lender, 200_000);

  loans.repaid = await loan(10);
  await repayInFull(server, world.lender, loans.repaid, transId());
  loans.current = await loan(0);
  loans.late = await loan(20);
  loans.defaulted = await loan(70);
  loans.writtenOff = await loan(70, 'sw');
  // The default's borrower opted out of reminders: the regulatory notice still goes.
  await call(
    server,
    'PATCH',
    `/borrower/${loans.defaulted.borrowerId}/sms-reminders`,
    { optOut: true },
    world.agent.token,
  );
  badGender = await loan(5);
  badId = await loan(5);
  await server.database.db
    .update(borrowers)
    .set({ gender: 'other' })
    .where(eq(borrowers.id, badGender.borrowerId));
  await server.database.db
    .update(borrowers)
    .set({ idNumber: 'A1234567X' })
    .where(eq(borrowers.id, badId.borrowerId));

  const fines = await call(server, 'POST', '/admin/jobs/fines', { date: today }, admin);
  expect(fines.status).toBe(200);
  expect(fines.body.defaulted).toBe(2);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the notice before adverse listing', () => {
  it('goes once to each non-performing loan, in the borrower language, even after opting out', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const run = await call(server, 'POST', '/admin/jobs/sms', undefined, admin);
    expect(run.status).toBe(200);
    expect(run.body.crbNotices).toBe(2);
    const deadline = addDays(today, 30);
    const [y, m, d] = deadline.split('-');
    const shown = `${d}/${m}/${y}`;

    const english = (await messagesOf(server, world.lender, loans.defaulted.id)).filter(
      (message) => message.kind === 'crb_notice',
    );
    expect(english).toHaveLength(1);
    expect(english[0]!.body).toContain(`loan ${loans.defaulted.loanCode}`);
    expect(english[0]!.body).toContain(
      `Unless it is paid by ${shown}, it will be reported to the credit reference bureaus as non-performing.`,
    );
    const swahili = (await messagesOf(server, world.lender, loans.writtenOff.id)).filter(
      (message) => message.kind === 'crb_notice',
    );
    expect(swahili[0]!.language).toBe('sw');
    expect(swahili[0]!.body).toContain(`Usipolipwa kufikia ${shown}`);

    // Recorded with the loan and shown in its statement.
    const statement = await statementOf(loans.defaulted.id);
    expect(statement.crbNotice?.deadline).toBe(deadline);

    // Once only: the job again writes nothing.
    const again = await call(server, 'POST', '/admin/jobs/sms', undefined, admin);
    expect(again.body.crbNotices).toBe(0);
    const after = (await messagesOf(server, world.lender, loans.defaulted.id)).filter(
      (message) => message.kind === 'crb_notice',
    );
    expect(after).toHaveLength(1);

    // The written-off loan was noticed while in default; now it is written off.
    const writeOff = await call(
      server,
      'PATCH',
      `/loan/writeoff/${loans.writtenOff.id}`,
      undefined,
      world.lender.token,
    );
    expect(writeOff.status).toBe(200);
  });

  it('counts the notice period from the end of the quiet hours when written at night', async () => {
    const night = await loan(70);
    await call(server, 'POST', '/admin/jobs/fines', { date: today }, admin);
    clock.set(nairobiTime(today, '21:30'));
    const run = await call(server, 'POST', '/admin/jobs/sms', undefined, admin);
    expect(run.body.crbNotices).toBe(1);
    const statement = await statementOf(night.id);
    expect(statement.crbNotice?.deadline).toBe(addDays(today, 31));
    const [notice] = (await messagesOf(server, world.lender, night.id)).filter(
      (message) => message.kind === 'crb_notice',
    );
    expect(notice!.status).toBe('queued');
    clock.set(nairobiTime(today, '10:00'));
  });
});

describe('the monthly files', () => {
  let v1: CrbSubmission;
  let consumerV1: string;

  it('refuses a month that has not ended, or is not a month', async () => {
    clock.set(nairobiTime(today, '10:00'));
    const early = await generate(month0);
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('has not ended yet');
    const bad = await generate('2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Give the month as YYYY-MM.');
  });

  it('builds both files for every loan alive in the month, field by field', async () => {
    clock.set(nairobiTime(`${monthAfter(month0, 1)}-01`, '10:00'));
    const res = await generate(month0);
    expect(res.status).toBe(201);
    v1 = res.body.data;
    expect(v1).toMatchObject({ month: month0, version: 1, status: 'draft', nonPerforming: 0 });
    // Repaid, current, late, default, written off, the night's default; two left out.
    expect(v1.accounts).toBe(6);

    const monthEnd = lastDayOfMonth(month0);
    const consumer = await download(v1.id, 'consumer');
    expect(consumer.status).toBe(200);
    expect(consumer.headers.get('content-disposition')).toMatch(
      new RegExp(`-${month0.replace('-', '')}-v1-consumer\\.txt"$`),
    );
    consumerV1 = consumer.text;
    const people = records(consumer.text, consumerFields);
    const account = records((await download(v1.id, 'account')).text, accountFields);
    expect(people.size).toBe(6);

    for (const [name, l] of Object.entries(loans)) {
      const statement = await statementOf(l.id);
      const person = people.get(l.loanCode);
      const record = account.get(l.loanCode);
      expect(person, name).toBeDefined();
      expect(record, name).toBeDefined();
      expect(person).toMatchObject({
        Surname: statement.borrower.lastName,
        'Forename 1': statement.borrower.firstName,
        'Date of Birth': '19900412',
        'Client Number': String(statement.borrower.id),
        Gender: 'F',
        Nationality: 'KE',
        'Primary Identification Document Type': '001',
        'Primary Identification Doc Number': statement.borrower.idNumber,
        'Mobile Telephone Number': statement.borrower.phoneNumber,
      });
      expect(statement.borrower.phoneNumber).toMatch(/^2547\d{8}$/);
      const disbursed = crbDate(nairobiDay(statement.loan.disbursementDate!));
      expect(record).toMatchObject({
        'Client Number': String(statement.borrower.id),
        'Account Joint/Single Indicator': 'S',
        'Account Product Type': 'I',
        'Date Account Opened': disbursed,
        'Disbursement Date': disbursed,
        'Original Amount': '5000',
        'Currency of Facility': 'KES',
        'Payment Frequency': 'W',
        'Repayment Period': '1',
        'Type of Security': 'U',
        'Lenders Registered Name': 'Achieng Capital',
      });
      for (const field of ['Date Account Opened', 'Instalment Due Date', 'Account Status Date']) {
        expect(record![field], `${name} ${field}`).toMatch(/^\d{8}$/);
      }
      expect(record!['Current Balance']).toBe(record!['Current Balance in Kenya Shillings']);
      expect(Number(record!['Overdue Balance'])).toBeLessThanOrEqual(
        Number(record!['Current Balance']),
      );
    }

    // Repaid this month: closed, nothing owed, the payment that closed it.
    const repaid = account.get(loans.repaid.loanCode)!;
    const repaidStatement = await statementOf(loans.repaid.id);
    expect(repaid).toMatchObject({
      'Account Status': 'A',
      'Account Status Date': crbDate(today),
      'Current Balance': '0',
      'Overdue Balance': '0',
      'Overdue Date': '',
      'Number of Days in Arrears': '000',
      'Prudential Risk Classification': 'A',
      'Date of Latest Payment': crbDate(today),
      'Last Payment Amount': shillings(repaidStatement.totals.paid),
    });

    // Late: the instalments due by month end are in arrears since the first one fell due.
    const late = account.get(loans.late.loanCode)!;
    const lateStatement = await statementOf(loans.late.id);
    const dueByEnd = lateStatement.schedule.filter((i) => nairobiDay(i.dueDate!) <= monthEnd);
    const firstDue = nairobiDay(dueByEnd[0]!.dueDate!);
    const days = daysFrom(firstDue, monthEnd);
    expect(late).toMatchObject({
      'Account Status': 'F',
      'Current Balance': shillings(lateStatement.totals.outstandingAmount),
      'Overdue Date': crbDate(firstDue),
      'Number of Days in Arrears': String(days).padStart(3, '0'),
      'Number of Instalments in Arrears': String(dueByEnd.length),
      'Overdue Balance': shillings(
        Math.min(
          lateStatement.totals.outstandingAmount,
          dueByEnd.reduce((sum, i) => sum + i.amount, 0) + lateStatement.totals.fines,
        ),
      ),
      'Prudential Risk Classification': days <= 30 ? 'A' : 'B',
    });

    // In default, but the notice's deadline is after this month's end: still performing.
    for (const l of [loans.defaulted, loans.writtenOff]) {
      const record = account.get(l.loanCode)!;
      expect(record['Account Status']).toBe('F');
      expect(record['Prudential Risk Classification']).toBe('B');
      expect(Number(record['Number of Days in Arrears'])).toBeGreaterThan(30);
    }
    expect(account.get(loans.defaulted.loanCode)!['Current Balance']).toBe(
      shillings((await statementOf(loans.defaulted.id)).totals.outstandingAmount),
    );
    // Written off: what is still owed is the write-off.
    const woStatement = await statementOf(loans.writtenOff.id);
    expect(account.get(loans.writtenOff.loanCode)!['Current Balance']).toBe(
      shillings(woStatement.totals.writtenOff - woStatement.totals.recovered),
    );
  });

  it('lists each record that fails a check, per borrower, with what to fix, and leaves it out', async () => {
    const gender = v1.errors.find((e) => e.loanId === badGender.id)!;
    expect(gender).toMatchObject({
      borrowerId: badGender.borrowerId,
      field: 'Gender',
      value: 'other',
      fix: "Record the borrower's gender as on their national ID.",
    });
    const id = v1.errors.find((e) => e.loanId === badId.id)!;
    expect(id).toMatchObject({
      field: 'Primary Identification Doc Number',
      value: 'A1234567X',
      problem:
        'Primary Identification Doc Number is not a Kenyan national ID number (digits only, up to 8)',
    });
    expect(v1.errorCount).toBe(2);
    expect(gender).toMatchObject({ problemKey: 'gender', fixKey: 'gender' });
    expect(consumerV1).not.toContain(badGender.loanCode);
  });

  it('generates a draft again in place; a submitted version never changes; a correction is a new version', async () => {
    const again = await generate(month0);
    expect(again.body.data).toMatchObject({ id: v1.id, version: 1, status: 'draft' });

    const submitted = await call(
      server,
      'POST',
      `/crb/submissions/${v1.id}/submit`,
      undefined,
      world.lender.token,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 'submitted',
      submittedByEmail: world.lender.email,
    });
    const twice = await call(
      server,
      'POST',
      `/crb/submissions/${v1.id}/submit`,
      undefined,
      world.lender.token,
    );
    expect(twice.status).toBe(409);
    const audit = await server.database.db.execute(
      sql`select action, actor_user_id from audit_log where subject_type = 'crb_submission' and subject_id = ${v1.id} and action = 'crb.submitted'`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await expect(
      server.database.db.execute(
        sql`update crb_submissions set account_file = '' where id = ${v1.id}`,
      ),
    ).rejects.toThrow();

    // The borrower is corrected; the month is generated again: version 2, with the record.
    await server.database.db
      .update(borrowers)
      .set({ gender: 'female' })
      .where(eq(borrowers.id, badGender.borrowerId));
    const v2 = await generate(month0);
    expect(v2.body.data).toMatchObject({ version: 2, status: 'draft', errorCount: 1 });
    expect((await download(v2.body.data.id, 'consumer')).text).toContain(badGender.loanCode);
    expect((await download(v1.id, 'consumer')).text).toBe(consumerV1);

    const list = await call(
      server,
      'GET',
      `/crb/submissions?lenderBusinessId=${world.lender.businessId}&month=${month0}`,
      undefined,
      world.lender.token,
    );
    expect(list.body.map((s: CrbSubmission) => s.version)).toEqual([2, 1]);
    // Only the latest version of a month can be marked submitted.
    const older = await call(
      server,
      'POST',
      `/crb/submissions/${v1.id}/submit`,
      undefined,
      world.lender.token,
    );
    expect(older.status).toBe(409);
  });

  it('reports the default non-performing only for a month ending after the deadline', async () => {
    clock.set(nairobiTime(`${monthAfter(month0, 3)}-01`, '10:00'));
    const res = await generate(month2);
    expect(res.status).toBe(201);
    const account = records((await download(res.body.data.id, 'account')).text, accountFields);
    const defaulted = account.get(loans.defaulted.loanCode)!;
    expect(defaulted['Account Status']).toBe('F');
    expect(['C', 'D', 'E']).toContain(defaulted['Prudential Risk Classification']);
    const writtenOff = account.get(loans.writtenOff.loanCode)!;
    expect(writtenOff['Account Status']).toBe('C');
    expect(writtenOff['Account Status Date']).toBe(crbDate(today));
    expect(account.has(loans.repaid.loanCode)).toBe(false);
    expect(res.body.data.nonPerforming).toBeGreaterThanOrEqual(2);
  });
});

describe('who reaches the submissions', () => {
  it('the business lender and admins only', async () => {
    const other = await approvedLender(server, 'Njeri');
    const list = `/crb/submissions?lenderBusinessId=${world.lender.businessId}`;
    const mine = await call(server, 'GET', list, undefined, world.lender.token);
    const [latest] = mine.body as CrbSubmission[];
    expect((await call(server, 'GET', list, undefined, other.token)).status).toBe(404);
    expect((await generate(month0, other.token)).status).toBe(404);
    expect(
      (await call(server, 'GET', `/crb/submissions/${latest!.id}`, undefined, other.token)).status,
    ).toBe(404);
    expect((await download(latest!.id, 'account', other.token)).status).toBe(404);
    expect(
      (await call(server, 'POST', `/crb/submissions/${latest!.id}/submit`, undefined, other.token))
        .status,
    ).toBe(404);
    expect((await call(server, 'GET', list, undefined, world.agent.token)).status).toBe(403);
    expect((await generate(month0, world.agent.token)).status).toBe(403);
    const byAdmin = await call(server, 'GET', list, undefined, admin);
    expect(byAdmin.status).toBe(200);
    expect((await download(latest!.id, 'consumer', admin)).status).toBe(200);
  });

  it('marks a version submitted once when two requests race', async () => {
    const mine = await call(
      server,
      'GET',
      `/crb/submissions?lenderBusinessId=${world.lender.businessId}&month=${month2}`,
      undefined,
      world.lender.token,
    );
    const draft = (mine.body as CrbSubmission[])[0]!;
    expect(draft.status).toBe('draft');
    const url = `/crb/submissions/${draft.id}/submit`;
    const answers = await Promise.all([
      call(server, 'POST', url, undefined, world.lender.token),
      call(server, 'POST', url, undefined, admin),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('answers 400 for a file kind the manual does not have here', async () => {
    const mine = await call(
      server,
      'GET',
      `/crb/submissions?lenderBusinessId=${world.lender.businessId}`,
      undefined,
      world.lender.token,
    );
    expect((await download(mine.body[0].id, 'guarantor' as 'account')).status).toBe(400);
  });
});
