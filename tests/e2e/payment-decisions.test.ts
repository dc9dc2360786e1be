/**
 * Payments needing a decision, in Chromium (docs/architecture.md §6): a withdrawal whose result is
 * lost and which status queries never find (0700000005), and an STK push the payer never
 * answers (0700000007), wait for an administrator once the automatic status queries
 * have run out. On a desktop the admin opens the screen from the sidebar, reads the
 * withdrawal's history and marks it failed with a reason: the lender's capital comes
 * back. On a phone the admin marks the deposit paid with its receipt. A deposit M-Pesa
 * settled for less than was asked shows in the second list.
 */
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaRequests } from '../../server/db/schema';
import { adminToken, approvedLender, type Lender } from '../support/fixtures';
import { capitalOf, deposit, eventually, ledgerViolations, mpesaCallback } from '../support/money';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from '../support/test-server';
import { DESKTOP, PHONE, snap, startE2E, waitForPath, type E2E, answerAdminCode } from './support';

let e2e: E2E;
let lender: Lender;
let withdrawalId: number;
let depositId: number;

const MAX_STATUS_QUERIES = 10;

async function latestRequestId(kind: 'stk' | 'b2c'): Promise<number> {
  const [row] = await e2e.server.database.db
    .select({ id: mpesaRequests.id })
    .from(mpesaRequests)
    .where(eq(mpesaRequests.kind, kind))
    .orderBy(desc(mpesaRequests.id))
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  e2e = await startE2E();
  const server = e2e.server;
  lender = await approvedLender(server, 'Kiprono');
  await deposit(server, lender, 10_000);
  const payment = (phoneNumber: string, amount: number, kind: 'withdraw' | 'stkpush') =>
    call(
      server,
      'POST',
      `/initiate/request-${kind}`,
      { phoneNumber, amount, lenderBusinessId: lender.businessId },
      lender.token,
    );
  expect((await payment('0700000005', 2_000, 'withdraw')).status).toBe(200);
  withdrawalId = await latestRequestId('b2c');
  expect((await payment('0700000007', 3_000, 'stkpush')).status).toBe(200);
  depositId = await latestRequestId('stk');
  // A deposit M-Pesa settles for less than was asked (its own callback is lost: …006).
  const short = await payment('0700000006', 1_000, 'stkpush');
  await mpesaCallback(server, 'stk', {
    Body: {
      stkCallback: {
        MerchantRequestID: 'e2e-1',
        CheckoutRequestID: short.body.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 950 },
            { Name: 'MpesaReceiptNumber', Value: 'SSHORT0001' },
            { Name: 'PhoneNumber', Value: 254700000006 },
          ],
        },
      },
    },
  });
  expect(await capitalOf(server, lender)).toBe(10_000 - 2_000 + 950);

  // The sweep asks M-Pesa until the automatic status queries run out.
  const admin = await adminToken(server);
  for (let i = 0; i < MAX_STATUS_QUERIES; i += 1) {
    await call(server, 'POST', '/admin/jobs/mpesa-status', { olderThanMinutes: 0 }, admin);
  }
  await eventually(async () => {
    const listed = await call(server, 'GET', '/admin/mpesa/decisions', undefined, admin);
    const ids = (listed.body as { id: number; events: { kind: string }[] }[]).filter(
      (p) => p.events.filter((e) => e.kind === 'status_result').length >= MAX_STATUS_QUERIES,
    );
    return ids.length === 2;
  });
});

afterAll(async () => {
  await e2e?.close();
});

async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await page.goto('/login/admin');
  await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answerAdminCode(page, e2e.server);
  await waitForPath(page, '/dashboard');
  return page;
}

describe('payments needing a decision', () => {
  it('an admin marks a stuck withdrawal failed with a reason, and the lender’s capital comes back', async () => {
    const page = await adminPage(DESKTOP);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Payments needing a decision' })
      .click();
    await waitForPath(page, '/dashboard/admin/mpesa-decisions');
    await page.getByRole('heading', { name: 'Payments needing a decision' }).waitFor();
    await page.getByText(`Withdrawal #${withdrawalId}`).waitFor();
    await page.getByText(`Deposit #${depositId}`).waitFor();
    await page.getByText('Paid a different amount').waitFor();
    await page.getByText('Asked').first().waitFor();

    // The withdrawal's history: sent, then status queries M-Pesa could not answer.
    await page.getByRole('button', { name: `History: #${withdrawalId}` }).click();
    const history = page.getByRole('list', { name: `History of payment #${withdrawalId}` });
    await history.getByText('Sent to M-Pesa').waitFor();
    await history
      .getByText(
        `Asked ${MAX_STATUS_QUERIES} times; M-Pesa answered: R000002: The OriginatorConversationID is invalid. (${MAX_STATUS_QUERIES}×)`,
      )
      .waitFor();
    // The history opens with an animation: let it finish before the picture.
    await page.waitForTimeout(500);
    await snap(page, 'payment-decisions-desktop');

    await page.getByRole('button', { name: `Mark failed: Withdrawal #${withdrawalId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this payment as failed?' });
    await dialog
      .getByText(`Withdrawal of KES 2,000.00 to 254700000005 (#${withdrawalId})`)
      .waitFor();
    // A reason is required.
    await dialog.getByRole('button', { name: 'Mark failed and reverse' }).click();
    await dialog.getByText('Say why you decide this').waitFor();
    await snap(page, 'payment-decisions-confirm-desktop');
    await dialog
      .getByRole('textbox', { name: 'Reason' })
      .fill('Safaricom support confirmed the B2C never left the utility account.');
    await dialog.getByRole('button', { name: 'Mark failed and reverse' }).click();
    await page.getByText('The payment is marked as failed and reversed.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Withdrawal #${withdrawalId}`).waitFor({ state: 'detached' });
    expect(await capitalOf(e2e.server, lender)).toBe(10_000 + 950);

    // The decision is in the audit log.
    const admin = await adminToken(e2e.server);
    const audit = await call(e2e.server, 'GET', '/admin/audit-logs', undefined, admin);
    expect(audit.body.data[0]).toMatchObject({
      action: 'mpesa.decide_failed',
      subjectId: withdrawalId,
      actorEmail: ADMIN_EMAIL,
    });
  });

  it('on a phone, an admin reads a stuck deposit’s history and marks it paid with its receipt', async () => {
    const page = await adminPage(PHONE);
    await page.goto('/dashboard/admin/mpesa-decisions');
    await page.getByText(`Deposit #${depositId}`).waitFor();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('list', { name: `History of payment #${depositId}` }).waitFor();
    await page.waitForTimeout(500);
    await snap(page, 'payment-decisions-phone');

    await page.getByRole('button', { name: `Mark paid: Deposit #${depositId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this payment as paid?' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shows in the paybill statement.');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.getByText('Enter the M-Pesa receipt number of the payment').waitFor();
    await dialog.getByRole('textbox', { name: 'M-Pesa receipt number' }).fill('skd7654321');
    await snap(page, 'payment-decisions-confirm-phone');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('The payment is marked as paid.').waitFor();
    await page.getByText('Nothing needs a decision: every M-Pesa payment has settled').waitFor();
    await snap(page, 'payment-decisions-empty-phone');
    expect(await capitalOf(e2e.server, lender)).toBe(10_000 + 950 + 3_000);
    expect(await ledgerViolations(e2e.server)).toEqual([]);
  });
});
