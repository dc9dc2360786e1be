/**
 * Paybill ownership in Chromium (docs/architecture.md §6): an approved lender registers a second
 * business whose paybill waits for verification; a borrower pays to it before an admin
 * looks, so the payment waits in Unassigned payments. The admin verifies the paybill
 * from the Admin Dashboard (with confirmation), opens Unassigned payments from the
 * sidebar, assigns the payment to the lender's first business and refunds another to its
 * payer in two steps; the lender then finds the assigned payment under Unmatched
 * Repayments and matches it to the loan. Screens at 390×844 and 1440×900 for snap().
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, pdf } from '../support/files';
import {
  activeAgent,
  approvedLender,
  createPlan,
  registerBorrower,
  uniquePaybill,
  type Lender,
} from '../support/fixtures';
import {
  deposit,
  disbursedLoan,
  eventually,
  ledgerViolations,
  loanStatus,
  pay,
  type AppliedLoan,
} from '../support/money';
import { call, callForm } from '../support/test-server';
import { PHONE, snap, startE2E, waitForPath, type E2E, signIn } from './support';

let e2e: E2E;
let lender: Lender;
let loan: AppliedLoan;
const secondPaybill = uniquePaybill();
const SECOND_BUSINESS = 'Wanjiru Boda Loans';

beforeAll(async () => {
  e2e = await startE2E();
  const { server } = e2e;
  lender = await approvedLender(server, 'Wanjiru');
  const agent = await activeAgent(server, lender);
  await deposit(server, lender, 10_000);
  const plan = await createPlan(server, lender);
  const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId, {
    firstName: 'Amina',
    lastName: 'Otieno',
  });
  loan = await disbursedLoan(server, agent, lender, {
    borrowerId: borrower.id,
    planId: plan.id,
    principal: 2_000,
  });
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, lender.token);
  const registered = await callForm(
    server,
    'POST',
    '/lender-business/register',
    {
      businessName: SECOND_BUSINESS,
      paybillNumber: secondPaybill,
      defaultLoanLimit: 5000,
      lenderBusinessTypeId: types.body.find(
        (t: { businessType: string }) => t.businessType === 'business',
      ).id,
    },
    { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    lender.token,
  );
  expect(registered.status).toBe(201);
  // Paid to the new paybill before any admin verified it: nobody's yet.
  for (const payment of [
    { paybill: secondPaybill, account: loan.loanCode, amount: 700, transId: 'RKE2EPB001' },
    { paybill: '999999', account: 'HELLO', amount: 1_500, transId: 'RKE2EPB002' },
    {
      paybill: server.config.mpesa.platformShortCode,
      account: 'X',
      amount: 0,
      transId: 'RKE2EPB003',
    },
  ]) {
    expect((await pay(server, payment)).status).toBe(200);
  }
});

afterAll(async () => {
  await e2e?.close();
});

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('paybill verification and unassigned payments in Chromium', () => {
  it('on a phone, the dashboard and the Unassigned payments list read as cards', async () => {
    const page = await signIn(await e2e.newPage({ viewport: PHONE }), {
      role: 'admin',
      server: e2e.server,
    });
    const panel = page.getByRole('region', { name: 'Paybills waiting for verification' });
    await panel.getByText(SECOND_BUSINESS).waitFor();
    await panel.getByText(`Paybill ${secondPaybill}`).waitFor();
    await snap(page, 'paybills-waiting-phone');
    await page.goto('/dashboard/admin/unassigned-payments');
    await page.getByRole('heading', { name: 'Unassigned payments' }).waitFor();
    await page.getByText('RKE2EPB001').waitFor();
    await page.getByText('The amount is zero or negative: M-Pesa cannot have sent it').waitFor();
    await snap(page, 'unassigned-payments-phone');
    await page.getByRole('button', { name: 'Refund payment RKE2EPB002' }).click();
    await page.getByRole('dialog', { name: 'Refund to the payer' }).waitFor();
    await snap(page, 'unassigned-refund-dialog-phone');
  });

  it('the admin verifies the waiting paybill from the dashboard, after confirming', async () => {
    const page = await signIn(await e2e.newPage(), { role: 'admin', server: e2e.server });
    const panel = page.getByRole('region', { name: 'Paybills waiting for verification' });
    const row = panel.getByRole('listitem').filter({ hasText: SECOND_BUSINESS });
    await row.getByText('Wanjiru Lender', { exact: false }).waitFor();
    await row.getByText(`Paybill ${secondPaybill}`).waitFor();
    await snap(page, 'paybills-waiting-desktop');

    await row.getByRole('button', { name: `Verify the paybill of ${SECOND_BUSINESS}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify paybill' });
    await dialog.getByText(`paybill ${secondPaybill} belongs to ${SECOND_BUSINESS}`).waitFor();
    await snap(page, 'paybills-verify-dialog-desktop');
    await dialog.getByRole('button', { name: 'Verify paybill' }).click();
    await page.getByText(`The paybill of ${SECOND_BUSINESS} is verified.`).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByText(/^No paybill is waiting\./).waitFor();
    // The dashboard's Recent Activity says what happened.
    await page.reload();
    await page.getByText(`Verified the paybill of ${SECOND_BUSINESS}`).waitFor();
  });

  it('the admin assigns one payment to a business and refunds another to its payer', async () => {
    const page = await signIn(await e2e.newPage(), { role: 'admin', server: e2e.server });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Unassigned payments' })
      .click();
    await waitForPath(page, '/dashboard/admin/unassigned-payments');
    const early = rowWith(page, 'RKE2EPB001');
    await early
      .getByText("Paid to a business's paybill before an administrator verified it")
      .waitFor();
    await early.getByText(SECOND_BUSINESS, { exact: true }).waitFor();
    const anomaly = rowWith(page, 'RKE2EPB003');
    await anomaly.getByText('Anomaly', { exact: true }).waitFor();
    expect(await anomaly.getByRole('button').count()).toBe(0);
    await snap(page, 'unassigned-payments-desktop');

    // Assign: the paybill's business is proposed; the admin picks the loan's business.
    await early.getByRole('button', { name: 'Assign payment RKE2EPB001' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign to a business' });
    const business = assign.getByRole('textbox', { name: 'Business' });
    await eventually(async () => (await business.inputValue()).startsWith(SECOND_BUSINESS));
    await business.click();
    await business.fill('Wanjiru Capital');
    await page.getByRole('option', { name: /^Wanjiru Capital · Wanjiru Lender/ }).click();
    await snap(page, 'unassigned-assign-dialog-desktop');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await page
      .getByText(
        "Payment assigned to Wanjiru Capital. It is waiting in that business's Manual Match.",
      )
      .first()
      .waitFor();
    await early.waitFor({ state: 'detached' });

    // Refund: the number first (M-Pesa masked it), then the confirmation.
    const other = rowWith(page, 'RKE2EPB002');
    await other.getByRole('button', { name: 'Refund payment RKE2EPB002' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund to the payer' });
    await refund.getByText('M-Pesa shows the payer as 2547 ***** 126.').waitFor();
    await refund.getByRole('button', { name: 'Next' }).click();
    await refund.getByText('Phone number is required').waitFor();
    await refund.getByRole('textbox', { name: /Payer phone number/ }).fill('0712345678');
    await refund.getByRole('button', { name: 'Next' }).click();
    await refund.getByText('Send Ksh 1,500.00 to 0712 345 678? This cannot be undone.').waitFor();
    await snap(page, 'unassigned-refund-confirm-desktop');
    await refund.getByRole('button', { name: 'Send refund' }).click();
    await page
      .getByText('Refund sent to M-Pesa. The payment is marked refunded when M-Pesa confirms.')
      .first()
      .waitFor();
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return (await other.getByText('Refunded', { exact: true }).count()) > 0;
    });
    expect(await other.getByRole('button').count()).toBe(0);
    expect(await ledgerViolations(e2e.server)).toEqual([]);
  });

  it('the lender finds the assigned payment under Unmatched Repayments and matches it to the loan', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await page.getByLabel(/^Email/).fill(lender.email);
    await page.getByLabel(/^Password/).fill('Lender#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    // Two businesses now: the lender chooses the first.
    await page.goto('/business-selector');
    await page.getByText('Wanjiru Capital').first().click();
    await waitForPath(page, '/dashboard');
    await page.goto('/dashboard/manual-match');
    await page.getByRole('heading', { name: 'Manual Match Management' }).waitFor();
    await page.getByRole('tab', { name: /^Unmatched Repayments/ }).click();
    await rowWith(page, 'RKE2EPB001').waitFor();
    // Nobody's payments are not shown to a lender.
    expect(await rowWith(page, 'RKE2EPB002').count()).toBe(0);

    const before = (await loanStatus(e2e.server, lender, loan.id)).outstandingAmount;
    await page.getByRole('button', { name: 'Match Repayments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Repayments' });
    await dialog.getByRole('textbox', { name: 'Loan' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${loan.loanCode} · Amina Otieno`) })
      .click();
    await dialog.getByRole('checkbox', { name: /RKE2EPB001/ }).check();
    await dialog.getByRole('button', { name: 'Match', exact: true }).click();
    await page.getByText('Matched 1 repayment to the loan.').first().waitFor();
    expect((await loanStatus(e2e.server, lender, loan.id)).outstandingAmount).toBe(before - 700);
    expect(await ledgerViolations(e2e.server)).toEqual([]);
  });
});
