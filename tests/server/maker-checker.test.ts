/**
 * Two administrators for the riskiest acts: at or above the threshold the super admin sets,
 * settling a stuck M-Pesa payment and assigning or refunding an unassigned payment wait for
 * a second administrator; below it one is enough. The proposer cannot approve; the approval
 * runs the act once (also when two race), with the checks it always has, and refuses a
 * payment that changed meanwhile; a rejection does nothing. Every step is audit-logged with
 * both names. And a payer refund M-Pesa fails shows its failure and reason on its row.
 * Over real HTTP against the real server and the simulator, on PGlite or PostgreSQL.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ApprovalSubject } from '../../src/domain/approvals';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApprovals,
  auditLog,
  mpesaRepaymentTransactions,
  mpesaRequests,
} from '../../server/db/schema';
import { MAX_STATUS_QUERIES } from '../../server/modules/mpesa/reconciliation';
import { createRequest } from '../../server/modules/mpesa/requests';
import { adminToken, anotherAdmin, approvedLender, type Lender } from '../support/fixtures';
import { capitalOf, eventually, ledgerViolations, mpesaCallback, pay } from '../support/money';
import { ADMIN_EMAIL, call, startTestServer, type TestServer } from '../support/test-server';

const UNKNOWN_SHORTCODE = '999999';
const OWN =
  'You proposed this act; a second administrator must approve it. You may reject it to withdraw it.';
const WAITING = (threshold: string) =>
  `This act is at or above ${threshold}, so it waits for a second administrator's approval. It is listed under Approvals.`;

let server: TestServer;
let superAdmin: string;
let wanjiku: { id: number; email: string; token: string };
let otieno: { id: number; email: string; token: string };
let lender: Lender;
let aloneAnswer: { status: number; body: { message: string } };

beforeAll(async () => {
  server = await startTestServer();
  superAdmin = await adminToken(server);
  // With the super admin alone, nobody could approve: a threshold is refused.
  aloneAnswer = await setThreshold(1_000);
  wanjiku = await anotherAdmin(server, 'Wanjiku');
  otieno = await anotherAdmin(server, 'Otieno');
  lender = await approvedLender(server, 'Njeri');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(server)).toEqual([]);
});

const db = () => server.database.db;

function setThreshold(secondApprovalFrom: unknown, token = superAdmin) {
  return call(server, 'PUT', '/admin/settings', { secondApprovalFrom }, token);
}

const assign = (id: number, token: string, lenderBusinessId = lender.businessId) =>
  call(server, 'POST', `/admin/unassigned-payments/${id}/assign`, { lenderBusinessId }, token);
const refund = (id: number, token: string, phoneNumber = '0712345678') =>
  call(server, 'POST', `/admin/unassigned-payments/${id}/refund`, { phoneNumber }, token);
const approve = (id: number, token: string) =>
  call(server, 'POST', `/admin/approvals/${id}/approve`, undefined, token);
const reject = (id: number, token: string, reason = 'The payer called: this is not theirs.') =>
  call(server, 'POST', `/admin/approvals/${id}/reject`, { reason }, token);
const approvals = (token = superAdmin) => call(server, 'GET', '/admin/approvals', undefined, token);

/** An unassigned C2B payment of this amount: paid to a shortcode nobody registered. */
async function unassigned(transId: string, amount: number): Promise<number> {
  expect(
    (await pay(server, { paybill: UNKNOWN_SHORTCODE, account: 'NOLOAN', amount, transId })).status,
  ).toBe(200);
  const [row] = await db()
    .select()
    .from(mpesaRepaymentTransactions)
    .where(eq(mpesaRepaymentTransactions.transId, transId));
  return row!.id;
}

async function unassignedRow(transId: string) {
  const list = await call(server, 'GET', '/admin/unassigned-payments', undefined, superAdmin);
  return list.body.find((p: { transId: string }) => p.transId === transId);
}

/** The newest proposal on a payment (an unassigned one, or a stuck M-Pesa request). */
async function approvalOn(subjectId: number, subjectType: ApprovalSubject = 'mpesa_repayment') {
  const [row] = await db()
    .select()
    .from(adminApprovals)
    .where(
      and(eq(adminApprovals.subjectType, subjectType), eq(adminApprovals.subjectId, subjectId)),
    )
    .orderBy(desc(adminApprovals.id))
    .limit(1);
  return row!;
}

async function audit(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

/** An STK deposit still pending after the automatic status queries ran out: an admin decides. */
async function stuckDeposit(amount: number) {
  const [row] = await db().transaction(async (tx) => {
    const request = await createRequest(tx, {
      kind: 'stk',
      purpose: 'deposit',
      lenderBusinessId: lender.businessId,
      userId: lender.id,
      phoneNumber: '254712345678',
      amount: amount * 100,
    });
    return tx
      .update(mpesaRequests)
      .set({
        statusQueries: MAX_STATUS_QUERIES,
        checkoutRequestId: `ws_CO_stuck_${request.id}`,
        sentAt: new Date(),
      })
      .where(eq(mpesaRequests.id, request.id))
      .returning();
  });
  return row!;
}

const decide = (id: number, token: string, body: Record<string, unknown>) =>
  call(server, 'POST', `/admin/mpesa/requests/${id}/decide`, body, token);

describe('the threshold', () => {
  it('is the super admin’s to set, in whole shillings, audit-logged, once two admins exist', async () => {
    expect([aloneAnswer.status, aloneAnswer.body.message]).toEqual([
      409,
      'A second approval needs a second administrator: there is only one active administrator account. Add one under Administrators in Settings first.',
    ]);
    const read = await call(server, 'GET', '/admin/settings', undefined, wanjiku.token);
    expect(read.body).toMatchObject({ secondApprovalFrom: null });
    expect((await call(server, 'GET', '/admin/settings', undefined, lender.token)).status).toBe(
      403,
    );

    const byAdmin = await setThreshold(1_000, wanjiku.token);
    expect([byAdmin.status, byAdmin.body.message]).toEqual([
      403,
      'Only the super admin can change the platform settings.',
    ]);
    for (const bad of [-1, 10.5, '1000', 10_000_001]) {
      const refused = await setThreshold(bad);
      expect(refused.status).toBe(400);
    }
    const saved = await setThreshold(1_000);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Settings saved.',
      data: { secondApprovalFrom: 1_000, updatedBy: ADMIN_EMAIL },
    });
    const [entry] = (await audit('settings.second_approval')).slice(-1);
    expect(entry!.details).toMatchObject({ from: 'off', to: 'KES 1,000.00', by: ADMIN_EMAIL });
  });
});

describe('below the threshold', () => {
  it('one administrator is enough', async () => {
    const id = await unassigned('MCSMALL001', 999);
    const assigned = await assign(id, wanjiku.token);
    expect(assigned.status).toBe(200);
    expect(await unassignedRow('MCSMALL001')).toBeUndefined();
    expect(
      await db().select().from(adminApprovals).where(eq(adminApprovals.subjectId, id)),
    ).toEqual([]);
  });
});

describe('at or above the threshold', () => {
  it('a refund waits for a second admin; the proposer cannot approve; the second does it once', async () => {
    const id = await unassigned('MCREFUND01', 1_000);
    const proposed = await refund(id, wanjiku.token);
    expect([proposed.status, proposed.body.message]).toEqual([202, WAITING('KES 1,000.00')]);
    // Nothing was sent yet.
    expect(
      await db().select().from(mpesaRequests).where(eq(mpesaRequests.purpose, 'payer_refund')),
    ).toEqual([]);
    const row = await unassignedRow('MCREFUND01');
    expect(row).toMatchObject({
      state: 'unassigned',
      waitingApproval: { action: 'payment.refund_to_payer', proposedBy: wanjiku.email },
    });
    const approval = await approvalOn(id);
    const listed = (await approvals(wanjiku.token)).body;
    expect(listed).toEqual([
      expect.objectContaining({
        id: approval.id,
        action: 'payment.refund_to_payer',
        subject: 'MCREFUND01',
        amount: 1_000,
        phoneNumber: '254712345678',
        proposedBy: wanjiku.email,
        mine: true,
      }),
    ]);
    expect((await approvals(otieno.token)).body[0].mine).toBe(false);
    expect((await approvals(lender.token)).status).toBe(403);

    // Another act on the same payment waits for this one.
    const other = await assign(id, otieno.token);
    expect([other.status, other.body.message]).toEqual([
      409,
      'An act on this payment already waits for a second administrator. Approve or reject it first.',
    ]);
    const own = await approve(approval.id, wanjiku.token);
    expect([own.status, own.body.message]).toEqual([403, OWN]);
    expect((await approve(approval.id, lender.token)).status).toBe(403);
    expect((await approve(999_999, otieno.token)).status).toBe(404);

    const approved = await approve(approval.id, otieno.token);
    expect([approved.status, approved.body.message]).toEqual([
      200,
      'Approved. Refund sent to M-Pesa. The payment is marked refunded when M-Pesa confirms.',
    ]);
    await eventually(async () => (await unassignedRow('MCREFUND01'))?.state === 'refunded');
    expect(
      await db().select().from(mpesaRequests).where(eq(mpesaRequests.purpose, 'payer_refund')),
    ).toHaveLength(1);
    const again = await approve(approval.id, superAdmin);
    expect([again.status, again.body.message]).toEqual([
      409,
      'This approval is no longer waiting: it was approved.',
    ]);
    expect((await approvals()).body).toEqual([]);

    // Both steps name both administrators.
    const [proposal] = (await audit('approval.propose')).filter((e) => e.subjectId === approval.id);
    expect(proposal).toMatchObject({
      actorUserId: wanjiku.id,
      details: expect.objectContaining({ proposedBy: wanjiku.email, amount: 'KES 1,000.00' }),
    });
    const [approvedEntry] = (await audit('approval.approve')).filter(
      (e) => e.subjectId === approval.id,
    );
    expect(approvedEntry).toMatchObject({
      actorUserId: otieno.id,
      details: expect.objectContaining({ proposedBy: wanjiku.email, approvedBy: otieno.email }),
    });
    const acts = (await audit('payment.refund_to_payer')).filter((e) => e.subjectId === id);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({
      actorUserId: otieno.id,
      details: expect.objectContaining({ proposedBy: wanjiku.email, approvedBy: otieno.email }),
    });
  });

  it('a stuck payment decided paid waits, then is credited once on approval', async () => {
    const stuck = await stuckDeposit(2_500);
    const before = await capitalOf(server, lender);
    const decision = {
      outcome: 'paid',
      receipt: 'SKD1234567',
      reason: 'Seen paid in the M-Pesa portal.',
    };
    expect((await decide(stuck.id, otieno.token, decision)).status).toBe(202);
    expect(await capitalOf(server, lender)).toBe(before);
    const listed = await call(server, 'GET', '/admin/mpesa/decisions', undefined, superAdmin);
    expect(listed.body.find((p: { id: number }) => p.id === stuck.id)).toMatchObject({
      status: 'pending',
      waitingApproval: { action: 'mpesa.decide_paid', proposedBy: otieno.email },
    });
    const approval = await approvalOn(stuck.id, 'mpesa_request');
    expect((await approve(approval.id, otieno.token)).status).toBe(403);
    const approved = await approve(approval.id, wanjiku.token);
    expect([approved.status, approved.body.message]).toEqual([
      200,
      expect.stringMatching(/^Approved\. /),
    ]);
    expect(await capitalOf(server, lender)).toBe(before + 2_500);
    const [request] = await db().select().from(mpesaRequests).where(eq(mpesaRequests.id, stuck.id));
    expect(request).toMatchObject({
      status: 'succeeded',
      receipt: 'SKD1234567',
      decidedByUserId: wanjiku.id,
    });
    const [act] = (await audit('mpesa.decide_paid')).filter((e) => e.subjectId === stuck.id);
    expect(act!.details).toMatchObject({ proposedBy: otieno.email, approvedBy: wanjiku.email });
  });

  it('a rejection does nothing; the proposer may withdraw', async () => {
    const id = await unassigned('MCREJECT01', 3_000);
    expect((await assign(id, wanjiku.token)).status).toBe(202);
    const first = await approvalOn(id);
    expect((await reject(first.id, otieno.token, '  ')).status).toBe(400);
    const rejected = await reject(first.id, otieno.token);
    expect([rejected.status, rejected.body.message]).toEqual([
      200,
      'The proposal was rejected; nothing was done.',
    ]);
    expect(await unassignedRow('MCREJECT01')).toMatchObject({
      state: 'unassigned',
      waitingApproval: null,
    });
    expect((await approve(first.id, superAdmin)).status).toBe(409);
    const [entry] = (await audit('approval.reject')).filter((e) => e.subjectId === first.id);
    expect(entry).toMatchObject({
      actorUserId: otieno.id,
      details: expect.objectContaining({
        proposedBy: wanjiku.email,
        rejectedBy: otieno.email,
        reason: 'The payer called: this is not theirs.',
      }),
    });

    // Proposed again, and withdrawn by its proposer.
    expect((await assign(id, wanjiku.token)).status).toBe(202);
    const second = (await approvals()).body.find((a: { subjectId: number }) => a.subjectId === id);
    const withdrawn = await reject(second.id, wanjiku.token, 'Wrong business chosen.');
    expect([withdrawn.status, withdrawn.body.message]).toEqual([
      200,
      'Your proposal was withdrawn; nothing was done.',
    ]);
    expect(await audit('payment.assign')).not.toContainEqual(
      expect.objectContaining({ subjectId: id }),
    );
  });

  it('of two racing approvals exactly one does the act', async () => {
    const id = await unassigned('MCRACE0001', 4_000);
    expect((await assign(id, wanjiku.token)).status).toBe(202);
    const approval = await approvalOn(id);
    const answers = await Promise.all([
      approve(approval.id, otieno.token),
      approve(approval.id, superAdmin),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await audit('payment.assign')).filter((e) => e.subjectId === id)).toHaveLength(1);
    expect(
      (await audit('approval.approve')).filter((e) => e.subjectId === approval.id),
    ).toHaveLength(1);
    const [payment] = await db()
      .select()
      .from(mpesaRepaymentTransactions)
      .where(eq(mpesaRepaymentTransactions.id, id));
    expect(payment!.lenderBusinessId).toBe(lender.businessId);
  });

  it('refuses an approval when the payment changed meanwhile, and closes the proposal', async () => {
    const stuck = await stuckDeposit(1_500);
    const before = await capitalOf(server, lender);
    const decision = { outcome: 'failed', reason: 'The payer says the prompt never came.' };
    expect((await decide(stuck.id, wanjiku.token, decision)).status).toBe(202);
    // M-Pesa's callback arrives late: the deposit was paid after all.
    const late = await mpesaCallback(server, 'stk', {
      Body: {
        stkCallback: {
          MerchantRequestID: 'late-1',
          CheckoutRequestID: stuck.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1_500 },
              { Name: 'MpesaReceiptNumber', Value: 'SLATE00001' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261122101500 },
              { Name: 'PhoneNumber', Value: 254712345678 },
            ],
          },
        },
      },
    });
    expect(late.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before + 1_500);
    const approval = await approvalOn(stuck.id, 'mpesa_request');
    const refused = await approve(approval.id, otieno.token);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'The act can no longer be done, so the approval was refused and closed: This payment was already settled: it succeeded.',
    ]);
    expect(await approvalOn(stuck.id, 'mpesa_request')).toMatchObject({
      status: 'refused',
      decidedByUserId: otieno.id,
    });
    expect(await capitalOf(server, lender)).toBe(before + 1_500);
    const [entry] = (await audit('approval.refuse')).filter((e) => e.subjectId === approval.id);
    expect(entry!.details).toMatchObject({ proposedBy: wanjiku.email, refusedFor: otieno.email });
    expect((await approve(approval.id, superAdmin)).status).toBe(409);
  });
});

describe('a payer refund M-Pesa fails', () => {
  it('shows "Refund failed" with M-Pesa’s reason on its row, and can be tried again', async () => {
    const id = await unassigned('MCFAILED01', 600);
    expect((await refund(id, wanjiku.token, '0700000002')).status).toBe(200);
    const failed = await eventually(async () => {
      const row = await unassignedRow('MCFAILED01');
      return row?.state === 'refund_failed' ? row : null;
    });
    expect(failed.refund).toMatchObject({ status: 'failed', phoneNumber: '254700000002' });
    expect(failed.refund.resultDesc).toEqual(expect.any(String));
    expect(failed.refund.resultDesc.length).toBeGreaterThan(0);
    const [entry] = (await audit('payment.payer_refund_failed')).filter((e) => e.subjectId === id);
    expect(entry!.details).toMatchObject({ reason: failed.refund.resultDesc });

    expect((await refund(id, otieno.token)).status).toBe(200);
    await eventually(async () => (await unassignedRow('MCFAILED01'))?.state === 'refunded');
    const requests = await db()
      .select({ status: mpesaRequests.status })
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.purpose, 'payer_refund'),
          eq(mpesaRequests.phoneNumber, '254700000002'),
        ),
      );
    expect(requests).toEqual([{ status: 'failed' }]);
  });
});
