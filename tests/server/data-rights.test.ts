/**
 * A borrower's data rights (Data Protection Act 2019): the lender exports everything held
 * about a borrower as one ZIP, and erases a borrower with no open loan — the person's
 * data and documents go, the loans' money records stay with the person's fields blanked.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { borrowersText } from '../../src/i18n/borrowers';
import {
  auditLog,
  borrowers,
  documents,
  loanPayments,
  loans,
  mpesaRepaymentTransactions,
  smsMessages,
} from '../../server/db/schema';
import { PNG } from '../support/files';
import {
  adminToken,
  approvedLender,
  registerBorrower,
  type Agent,
  type Lender,
  lendingBook,
} from '../support/fixtures';
import { disbursedLoan, eventually, ledgerViolations, loanStatus, pay } from '../support/money';
import { nairobiDay, nairobiTime, testClock } from '../support/sms';
import { call, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let planId: number;
let transIds = 0;

// The server's SMS clock: a weekday morning, moved into the quiet hours where a test needs
// a notice to wait.
const today = nairobiDay(new Date());
const clock = testClock(nairobiTime(today, '10:00'));

beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
  ({ lender, agent, planId } = await lendingBook(server, { name: 'Rights', capital: 50_000 }));
});

afterAll(async () => {
  await server?.close();
});

async function borrowerWithLoan() {
  const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  const loan = await disbursedLoan(server, agent, lender, {
    borrowerId: borrower.id,
    planId,
    principal: 2_000,
  });
  return { borrower, loan };
}

const transId = () => `RGT${String((transIds += 1)).padStart(7, '0')}`;

async function exportOf(borrowerId: number, token: string) {
  const response = await fetch(`${server.api}/borrower/${borrowerId}/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('export', () => {
  it('gives the lender one ZIP: the record with its consent, loans, payments, messages and the photo', async () => {
    const { borrower, loan } = await borrowerWithLoan();
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 500,
      transId: transId(),
    });
    const answer = await exportOf(borrower.id, lender.token);
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(answer.bytes);
    const held = JSON.parse(new TextDecoder().decode(files['borrower.json'])) as {
      borrower: Record<string, unknown>;
      documents: { kind: string; file: string }[];
      loans: {
        loanCode: string;
        payments: unknown[];
        instalments: unknown[];
        mpesaPayments: unknown[];
      }[];
      messages: { kind: string }[];
    };
    expect(held.borrower).toMatchObject({
      id: borrower.id,
      firstName: borrower.firstName,
      phoneNumber: borrower.phoneNumber,
      idNumber: borrower.idNumber,
      consentVersion: BORROWER_CONSENT_VERSION,
    });
    expect(held.loans).toHaveLength(1);
    expect(held.loans[0]!.loanCode).toBe(loan.loanCode);
    expect(held.loans[0]!.payments).toHaveLength(1);
    expect(held.loans[0]!.mpesaPayments).toHaveLength(1);
    expect(held.loans[0]!.instalments.length).toBeGreaterThan(0);
    expect(held.messages.map((m) => m.kind)).toContain('disbursed');
    const photo = held.documents.find((d) => d.kind === 'passportPhoto') ?? held.documents[0];
    expect(photo).toBeDefined();
    expect(Buffer.from(files[photo!.file]!).subarray(0, PNG.length)).toEqual(Buffer.from(PNG));
  });

  it('is the lender’s alone: the agent is refused, another lender gets 404', async () => {
    const { borrower } = await borrowerWithLoan();
    expect((await exportOf(borrower.id, agent.token)).status).toBe(403);
    const other = await approvedLender(server, 'Stranger');
    expect((await exportOf(borrower.id, other.token)).status).toBe(404);
    expect((await exportOf(999_999, lender.token)).status).toBe(404);
  });
});

describe('erasure', () => {
  it('is refused while a loan is open, and changes nothing', async () => {
    const { borrower } = await borrowerWithLoan();
    const refused = await call(
      server,
      'POST',
      `/borrower/${borrower.id}/erase`,
      undefined,
      lender.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(borrowersText.eraseOpenLoan);
    const [row] = await server.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, borrower.id));
    expect(row!.firstName).toBe(borrower.firstName);
    expect(row!.passportPhotoId).not.toBeNull();
  });

  it('once repaid: the person goes, the money records stay with the person’s fields blanked', async () => {
    const { borrower, loan } = await borrowerWithLoan();
    const owed = (await loanStatus(server, lender, loan.id)).outstandingAmount;
    const receipt = transId();
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: owed,
      transId: receipt,
    });
    await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'repaid');
    const db = server.database.db;
    const [before] = await db.select().from(borrowers).where(eq(borrowers.id, borrower.id));
    const [photo] = await db
      .select()
      .from(documents)
      .where(eq(documents.id, before!.passportPhotoId!));
    const storageFile = path.join(server.config.dataDir, 'files', photo!.storageKey);
    expect(existsSync(storageFile)).toBe(true);

    // The agent may not; the lender may, and an agent's list then shows no person.
    expect(
      (await call(server, 'POST', `/borrower/${borrower.id}/erase`, undefined, agent.token)).status,
    ).toBe(403);
    const messagesOf = async () =>
      (await call(server, 'GET', `/loan/${loan.id}/messages`, undefined, lender.token)).body as {
        body: string;
        phoneNumber: string;
        status: string;
      }[];
    // A notice still waiting (quiet hours) when the borrower is erased never leaves. It is
    // 21:00 now, and what was being sent has been answered.
    clock.set(nairobiTime(today, '21:00'));
    onTestFinished(() => clock.set(nairobiTime(today, '10:00')));
    await expect
      .poll(async () => (await messagesOf()).filter((message) => message.status === 'sending'))
      .toEqual([]);
    const [waiting] = await db
      .insert(smsMessages)
      .values({
        lenderBusinessId: lender.businessId,
        loanId: loan.id,
        borrowerId: borrower.id,
        phoneNumber: borrower.phoneNumber,
        kind: 'repaid',
        language: 'en',
        params: { loanCode: loan.loanCode },
        dedupeKey: `test-waiting-${loan.id}`,
      })
      .returning();
    const sent = await messagesOf();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((message) => message.body.includes(loan.loanCode))).toBe(true);
    const admin = await adminToken(server);
    const countsBefore = (await call(server, 'GET', '/borrower/count', undefined, admin)).body;

    const erased = await call(
      server,
      'POST',
      `/borrower/${borrower.id}/erase`,
      undefined,
      lender.token,
    );
    expect(erased.status).toBe(200);

    // The SMS texts are blanked, and what was waiting is failed with its reason.
    const blanked = await messagesOf();
    expect(blanked).toHaveLength(sent.length);
    for (const message of blanked) {
      expect(message).toMatchObject({ body: borrowersText.erasedComment, phoneNumber: '' });
      expect(JSON.stringify(message)).not.toContain(loan.loanCode);
    }
    const [failed] = await db.select().from(smsMessages).where(eq(smsMessages.id, waiting!.id));
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: borrowersText.erasedMessageNotSent,
      params: {},
    });

    // The admin dashboard counts the erased borrower apart, not as blocked.
    const countsAfter = (await call(server, 'GET', '/borrower/count', undefined, admin)).body;
    expect(countsAfter.totalCount).toBe(countsBefore.totalCount);
    expect(countsAfter.borrowerStatsCounts.erased).toBe(
      countsBefore.borrowerStatsCounts.erased + 1,
    );
    expect(countsAfter.borrowerStatsCounts.blocked).toBe(countsBefore.borrowerStatsCounts.blocked);
    expect(countsAfter.borrowerStatsCounts.active).toBe(
      countsBefore.borrowerStatsCounts.active - 1,
    );

    // The audit log names the borrower as its subject.
    const logs = await call(server, 'GET', '/admin/audit-logs?page=1&limit=100', undefined, admin);
    const entry = (
      logs.body.data as { action: string; subjectType: string; subjectId: number }[]
    ).find((row) => row.action === 'borrower.erase' && row.subjectId === borrower.id);
    expect(entry).toMatchObject({ subjectType: 'borrower' });
    expect(erased.body.message).toBe(borrowersText.erased);

    const [after] = await db.select().from(borrowers).where(eq(borrowers.id, borrower.id));
    expect(after).toMatchObject({
      firstName: borrowersText.erasedName,
      lastName: '',
      phoneNumber: `erased-${borrower.id}`,
      idNumber: `erased-${borrower.id}`,
      nextOfKinName: '',
      nextOfKinNumber: '',
      passportPhotoId: null,
    });
    expect(await db.select().from(documents).where(eq(documents.id, photo!.id))).toHaveLength(0);
    // The documents' files are gone from storage too.
    expect(existsSync(storageFile)).toBe(false);

    // The ledgers keep the loan and the payment, without the payer's name and number.
    const [keptLoan] = await db.select().from(loans).where(eq(loans.id, loan.id));
    expect(keptLoan!.status).toBe('repaid');
    expect(
      await db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.id)),
    ).toHaveLength(1);
    const [payment] = await db
      .select()
      .from(mpesaRepaymentTransactions)
      .where(eq(mpesaRepaymentTransactions.transId, receipt));
    expect(payment).toMatchObject({ msisdn: null, firstName: null, raw: null, loanId: loan.id });
    expect(await ledgerViolations(server)).toEqual([]);

    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'borrower.erase'));
    expect(audit.some((entry) => entry.subjectId === borrower.id)).toBe(true);

    // The export now holds no person: the name and numbers are placeholders.
    const exported = unzipSync((await exportOf(borrower.id, lender.token)).bytes);
    const text = new TextDecoder().decode(exported['borrower.json']);
    expect(text).not.toContain(borrower.phoneNumber);
    expect(text).not.toContain(`"${borrower.idNumber}"`);
    expect(Object.keys(exported).filter((name) => name.startsWith('documents/'))).toEqual([]);
  });

  it('waits while a message to the borrower is being sent: 409, and nothing changes', async () => {
    const { borrower, loan } = await borrowerWithLoan();
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: (await loanStatus(server, lender, loan.id)).outstandingAmount,
      transId: transId(),
    });
    await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'repaid');
    const db = server.database.db;
    const [sending] = await db
      .insert(smsMessages)
      .values({
        lenderBusinessId: lender.businessId,
        loanId: loan.id,
        borrowerId: borrower.id,
        phoneNumber: borrower.phoneNumber,
        kind: 'repaid',
        language: 'en',
        params: { loanCode: loan.loanCode },
        dedupeKey: `test-sending-${loan.id}`,
        status: 'sending',
      })
      .returning();
    const refused = await call(
      server,
      'POST',
      `/borrower/${borrower.id}/erase`,
      undefined,
      lender.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(borrowersText.eraseSmsSending);
    const [row] = await db.select().from(borrowers).where(eq(borrowers.id, borrower.id));
    expect(row).toMatchObject({ firstName: borrower.firstName, erasedAt: null });
    const [message] = await db.select().from(smsMessages).where(eq(smsMessages.id, sending!.id));
    expect(message).toMatchObject({ status: 'sending', phoneNumber: borrower.phoneNumber });

    // Once it is sent, the erasure goes through.
    await db.update(smsMessages).set({ status: 'sent' }).where(eq(smsMessages.id, sending!.id));
    const erased = await call(
      server,
      'POST',
      `/borrower/${borrower.id}/erase`,
      undefined,
      lender.token,
    );
    expect(erased.status).toBe(200);
  });
});
