/**
 * Money out and back, in Chromium (add money, withdraw money, refunds; the money path,
 * docs/architecture.md §5): the lender adds KES 50,000 by STK push,
 * disburses a loan, the borrower pays it in full plus 500 by `npm run mpesa:pay`, the loan shows
 * Repaid, and the lender refunds the 500 from the Refunds pages. Withdrawals below M-Pesa's minimum
 * are declined without a success view. M-Pesa is the simulator, so every payment goes through the
 * server's real callback routes.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { compiledEntryPoint } from '../../server/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundsText } from '../../src/i18n/refunds';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import {
  applyForLoan,
  capitalOf,
  eventually,
  ledgerViolations,
  loanStatus,
} from '../support/money';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, TEST_CALLBACK_SECRET } from '../support/test-server';
import { PHONE, snap, startE2E, waitForPath, type E2E, answerAdminCode, signIn } from './support';

const run = promisify(execFile);

let e2e: E2E;
let lender: Lender;
let loan: { id: number; loanCode: string; initialAmount: number };
let page: Page;
let agent: Agent;
let loanPlanId: number;

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Njeri');
  agent = await activeAgent(e2e.server, lender);
  const cycle = await createCycle(e2e.server, lender, 7);
  const plan = await createPlan(e2e.server, lender, {
    repaymentCycleId: cycle.id,
    durationInDays: 28,
    interestRate: 10,
    processingFee: 2,
  });
  const borrower = await registerBorrower(
    e2e.server,
    agent.token,
    lender.businessId,
    agent.areaId,
    { firstName: 'Achieng', lastName: 'Odhiambo', phoneNumber: '0712345600' },
  );
  loan = await applyForLoan(e2e.server, agent, lender, {
    borrowerId: borrower.id,
    planId: plan.id,
    principal: 10_000,
  });
  loanPlanId = plan.id;
  // 10,000 at 10% interest: 11,000 owed.
  expect(loan.initialAmount).toBe(11_000);
  page = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
});

async function fillPayment(phone: string, amount: string) {
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
  await page.getByRole('textbox', { name: 'Amount (KES)' }).fill(amount);
  await page.getByRole('button', { name: 'Initiate M-Pesa' }).click();
}

/** A borrower's paybill payment, exactly as a person sends one by hand. */
async function mpesaPay(amount: number, transId: string) {
  // What `npm run mpesa:pay` runs: the compiled script (tsx through npx cost seconds of
  // processor each time).
  const { stdout } = await run(
    process.execPath,
    [
      compiledEntryPoint('server/scripts/mpesa-pay.ts'),
      '--paybill',
      lender.paybill,
      '--account',
      loan.loanCode,
      '--amount',
      String(amount),
      '--phone',
      '0712345600',
      '--trans-id',
      transId,
      '--url',
      e2e.server.url,
    ],
    { env: { ...process.env, MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET } },
  );
  expect(stdout).toMatch(/^200 /);
}

describe('adding money, repayment in full and a refund in Chromium', () => {
  it('the lender adds KES 50,000 by STK push and sees the success view', async () => {
    await signIn(page, {
      role: 'lender',
      email: lender.email,
      password: 'Lender#2026',
      selectBusiness: true,
    });
    await page.goto('/dashboard/mpesa/inject');
    await page.getByRole('heading', { name: 'Send money to my business' }).waitFor();
    await page.getByText('Enter 10 digits without the country code').waitFor();
    await snap(page, 'add-money-desktop');

    // An empty form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Initiate M-Pesa' }).click();
    await page.getByText('Phone number is required').waitFor();
    await page.getByText('Amount is required').waitFor();

    await fillPayment('0712345678', '50000');
    await page.getByText('Sending money to business initiated').waitFor();
    // The heading waits for M-Pesa's confirmation, which the view follows by itself.
    await page.getByRole('heading', { name: 'STK Push Sent Successfully!' }).waitFor();
    await page
      .getByText(/M-Pesa confirmed KES 50,000(\.00)?; it is now in the business's capital/)
      .waitFor();
    await snap(page, 'add-money-sent-desktop');
    await eventually(async () => (await capitalOf(e2e.server, lender)) === 50_000);

    // Send Another: a fresh form; the card shows the capital M-Pesa confirmed.
    await page.getByRole('button', { name: 'Send Another' }).click();
    expect(await page.getByRole('textbox', { name: 'Phone Number' }).inputValue()).toBe('');
    await page.reload();
    await page
      .getByRole('region', { name: 'Available capital' })
      .getByText('KES 50,000.00')
      .waitFor();
  });

  it('a cancelled prompt and a failed withdrawal say why, never "Sent Successfully"', async () => {
    await page.goto('/dashboard/mpesa/inject');
    // 0700000001: the simulator's payer cancels the prompt.
    await fillPayment('0700000001', '700');
    await page.getByRole('heading', { name: 'The money was not added' }).waitFor();
    await page.getByText(/^M-Pesa said: .*cancel/i).waitFor();
    expect(await page.getByText(/Sent Successfully/).count()).toBe(0);
    await snap(page, 'add-money-cancelled-desktop');
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await page.getByRole('textbox', { name: 'Phone Number' }).inputValue()).toBe('');

    await page.goto('/dashboard/mpesa/withdrawal');
    // 0700000002: M-Pesa fails the payment (insufficient funds); the debit comes back.
    await fillPayment('0700000002', '500');
    await page.getByRole('heading', { name: 'The withdrawal failed' }).waitFor();
    await page.getByText(/^M-Pesa said: The balance is insufficient/).waitFor();
    expect(await page.getByText(/Sent Successfully/).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Available capital' })
      .getByText('KES 50,000.00')
      .waitFor();
    expect(await capitalOf(e2e.server, lender)).toBe(50_000);
  });

  it('a disbursement M-Pesa fails tells the lender why, on screen and on the loan', async () => {
    const borrower = await registerBorrower(
      e2e.server,
      agent.token,
      lender.businessId,
      agent.areaId,
      { firstName: 'Kamau', lastName: 'Failing', phoneNumber: '0700000002' },
    );
    const failing = await applyForLoan(e2e.server, agent, lender, {
      borrowerId: borrower.id,
      planId: loanPlanId,
      principal: 1_000,
    });
    await page.goto('/dashboard/approve-loan');
    await page.getByRole('button', { name: `View loan ${failing.loanCode}` }).click();
    const details = page.getByRole('dialog', { name: 'Loan Details' });
    await details.getByRole('button', { name: 'Disburse' }).click();
    await details.getByRole('button', { name: 'Yes, disburse' }).click();
    // The approve page follows the disbursement and says how it ended, without a reload.
    await page.getByText('Disbursement failed', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: failing.loanCode });
    await row.getByText('Last disbursement failed').waitFor();
    await page.getByRole('button', { name: `View loan ${failing.loanCode}` }).click();
    await details
      .getByText(
        /^M-Pesa could not pay 0700000002: The balance is insufficient for the transaction\. The loan is pending again/,
      )
      .waitFor();
    await snap(page, 'disbursement-failed-desktop');
    await page.keyboard.press('Escape');
    expect(await capitalOf(e2e.server, lender)).toBe(50_000);
  });

  it('a withdrawal below M-Pesa minimum is declined without a success view', async () => {
    await page.goto('/dashboard/mpesa/withdrawal');
    await page.getByRole('heading', { name: 'Withdraw money from my business' }).waitFor();
    await fillPayment('0712345678', '5');
    await page.getByText('Withdrawal declined').first().waitFor();
    // The inline alert says it too, under the same title.
    await page
      .locator('form')
      .getByRole('alert')
      .filter({ hasText: /^Withdrawal declined.*less than the minimum transaction amount/ })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Wihtdrawal Sent Successfully!' }).count()).toBe(
      0,
    );
    expect(await capitalOf(e2e.server, lender)).toBe(50_000);
  });

  it('the lender disburses the loan, the borrower pays 500 too much, the loan is repaid', async () => {
    await page.goto('/dashboard/approve-loan');
    await page.getByRole('heading', { name: 'Approve Loans' }).waitFor();
    await page.getByRole('button', { name: `View loan ${loan.loanCode}` }).click();
    const details = page.getByRole('dialog', { name: 'Loan Details' });
    // Disburse asks first: what M-Pesa sends, the fee, the phone and the capital after it.
    await details.getByRole('button', { name: 'Disburse' }).click();
    const ask = details.getByRole('group', { name: 'Disburse' });
    await ask
      .getByText(
        `Send loan ${loan.loanCode} to the borrower by M-Pesa? The money leaves the business's capital at once.`,
      )
      .waitFor();
    const figure = (label: string) =>
      ask.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect
      .poll(() => figure('Business capital after it').textContent())
      .toBe('KES 40,200.00');
    expect(await figure('Sent by M-Pesa').textContent()).toBe('KES 9,800.00');
    expect(await figure('Processing fee (kept from the principal)').textContent()).toBe(
      'KES 200.00',
    );
    expect(await figure('To the phone').textContent()).toBe('0712 345 600');
    await snap(page, 'disburse-confirm-desktop');
    // Cancel moves nothing; asked again, Yes disburses.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    expect((await loanStatus(e2e.server, lender, loan.id)).status).toBe('pending');
    expect(await capitalOf(e2e.server, lender)).toBe(50_000);
    await details.getByRole('button', { name: 'Disburse' }).click();
    await ask.getByRole('button', { name: 'Yes, disburse' }).click();
    await eventually(
      async () => (await loanStatus(e2e.server, lender, loan.id)).status === 'active',
    );
    // Disbursed: 10,000 less the 2% fee, 9,800, left the business.
    expect(await capitalOf(e2e.server, lender)).toBe(40_200);

    await mpesaPay(11_500, 'RKMONEY001');
    // The same M-Pesa payment again changes nothing.
    await mpesaPay(11_500, 'RKMONEY001');
    const repaid = await eventually(async () => {
      const status = await loanStatus(e2e.server, lender, loan.id);
      return status.status === 'repaid' && status;
    });
    expect(repaid.outstandingAmount).toBe(0);

    await page.goto('/dashboard/loans');
    await page.getByRole('tab', { name: /^Repaid\s*1$/ }).click();
    await page
      .getByRole('row')
      .filter({ hasText: loan.loanCode })
      .getByText('Repaid', { exact: true })
      .waitFor();
  });

  it('the lender refunds the 500 from the Refunds pages', async () => {
    await page.goto('/dashboard/refunds');
    await page.getByRole('heading', { name: 'Refunds Management' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: loan.loanCode });
    await row.getByText('Ksh 500.00').waitFor();
    await row.getByText('Not Refunded').waitFor();

    // The search narrows by borrower name, case-insensitive, and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search by borrower name' });
    await snap(page, 'refunds-desktop');
    await search.fill('ACHIENG odh');
    await row.waitFor();
    await search.fill('Kamau');
    await page.getByText('No loans requiring refunds found').waitFor();
    await search.fill('');

    await row.click();
    await waitForPath(page, `/dashboard/refunds/${loan.id}`);
    const required = page.getByRole('region', { name: 'Refund Required' });
    await required.getByText('Ksh 500.00', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Wallet History' })
      .getByText('Repayment received')
      .waitFor();

    await snap(page, 'refund-detail-desktop');
    await required.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Refund' });
    await dialog
      .getByText(
        'Are you sure you want to refund Ksh 500.00 to Achieng Odhiambo? This action cannot be undone.',
      )
      .waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Refund to phone number' }).inputValue()).toBe(
      '0712345600',
    );
    await snap(page, 'refund-dialog-desktop');
    // Another number asks why; the borrower's own does not.
    const phoneInput = dialog.getByRole('textbox', { name: 'Refund to phone number' });
    await phoneInput.fill('0733 999 888');
    const reason = dialog.getByRole('textbox', { name: /^Reason for another number/ });
    await reason.waitFor();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText(refundsText.refundReasonRequired).waitFor();
    await phoneInput.fill('0712345600');
    await reason.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText('Refund sent to M-Pesa.').waitFor();

    // Nothing is left to refund: the button is disabled and reads Not refundable.
    const notRefundable = required.getByRole('button', { name: 'Not refundable' });
    await notRefundable.waitFor();
    expect(await notRefundable.isDisabled()).toBe(true);
    await required.getByText('Ksh 0.00', { exact: true }).waitFor();
    // The page follows the refund to M-Pesa's answer by itself, without a reload.
    await page.getByText('Last refund: Ksh 500.00 (refunded)').waitFor({ timeout: 20_000 });

    // The simulator's B2C result arrives: the refund is confirmed, and the ledger adds up.
    await eventually(async () => {
      const res = await call(e2e.server, 'GET', '/loan/refundable', undefined, lender.token);
      const listed = (
        res.body as { id: number; latestWallet: { refund: { refunded: string } } }[]
      ).find((l) => l.id === loan.id);
      return listed?.latestWallet.refund.refunded === 'refunded';
    });
    await page.goto('/dashboard/refunds');
    await row.getByText('Refunded', { exact: true }).waitFor();
    // 40,200 + 11,500 repaid − 500 refunded.
    expect(await capitalOf(e2e.server, lender)).toBe(51_200);
    expect(await ledgerViolations(e2e.server)).toEqual([]);
  });

  it('the lender reads the messages the borrower got, and the loan’s statement', async () => {
    await page.goto('/dashboard/loans');
    await page.getByRole('button', { name: `View loan ${loan.loanCode}` }).click();
    const details = page.getByRole('dialog', { name: 'Loan Details' });
    await details.getByRole('heading', { name: 'Messages to the borrower' }).waitFor();
    const notices = details.getByRole('listitem');
    // The disbursement notice names the loan code the borrower pays to.
    await notices.filter({ hasText: 'Disbursed' }).filter({ hasText: loan.loanCode }).waitFor();
    await details.getByRole('link', { name: 'Statement' }).click();
    await waitForPath(page, `/dashboard/loans/${loan.id}/statement`);
    await page.getByRole('heading', { name: 'Loan statement' }).waitFor();
    await page.getByText(`Loan ${loan.loanCode} · Achieng Odhiambo`).waitFor();
    const lines = page.getByRole('region', { name: 'Lines' });
    await lines.getByText(/^Payment RKMONEY001/).waitFor();
    await snap(page, 'statement-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${loan.loanCode}.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // An administrator finds the same notices on Messages, filtered to this lender.
    const adminPage = await e2e.newPage();
    await adminPage.goto('/login/admin');
    await adminPage.getByLabel(/^Email/).fill(ADMIN_EMAIL);
    await adminPage.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await answerAdminCode(adminPage, e2e.server);
    await waitForPath(adminPage, '/dashboard');
    await adminPage.goto('/dashboard/messages');
    await adminPage.getByRole('textbox', { name: 'Lender' }).click();
    await adminPage.getByRole('option', { name: 'Njeri Lender' }).click();
    await adminPage.getByRole('row').filter({ hasText: loan.loanCode }).first().waitFor();
    await snap(adminPage, 'admin-messages-by-lender-desktop');
    await adminPage.close();
  });

  it('a withdrawal within the capital is sent and shows the success view', async () => {
    await page.goto('/dashboard/mpesa/withdrawal');
    await fillPayment('0712345678', '1200');
    await page.getByRole('heading', { name: 'Wihtdrawal Sent Successfully!' }).waitFor();
    await page.getByText('Withdrawing money to business initiated').waitFor();
    expect(await capitalOf(e2e.server, lender)).toBe(50_000);
    await snap(page, 'withdraw-sent-desktop');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('the dashboards show the money from real data', async () => {
    // Lender: capital after the month's movements, and the loan in Loans Existing.
    await page.goto('/dashboard');
    const capital = page.getByRole('region', { name: 'Available Capital' });
    await capital.getByText('KES 50,000.00').waitFor();
    await page.getByRole('row').filter({ hasText: loan.loanCode }).waitFor();
    await snap(page, 'lender-dashboard-desktop');

    // Agent: the loan it filed, approved and repaid.
    const agentPage = await e2e.newPage();
    await agentPage.goto('/login/agent');
    await agentPage.getByLabel(/^Email/).fill(agent.email);
    await agentPage.getByLabel(/^Password/).fill(agent.password);
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(agentPage, '/dashboard');
    await agentPage.goto('/agent/business-selector');
    await waitForPath(agentPage, '/dashboard');
    await agentPage
      .getByRole('heading', { name: /Agent Dashboard|Welcome/ })
      .first()
      .waitFor();
    await agentPage.getByRole('row').filter({ hasText: loan.loanCode }).waitFor();
    await snap(agentPage, 'agent-dashboard-desktop');
  });

  it('the money screens read well on a phone in the dark theme', async () => {
    const phone = await e2e.newPage({ viewport: PHONE });
    await phone.goto('/');
    await phone.evaluate(
      ({ token, business }) => {
        localStorage.setItem('jwt', token);
        localStorage.setItem('vite-ui-theme', 'dark');
        localStorage.setItem('mkopo-selected-business', business);
      },
      {
        token: lender.token,
        business: await page.evaluate(() => localStorage.getItem('mkopo-selected-business') ?? ''),
      },
    );
    await phone.goto('/dashboard/mpesa/withdrawal');
    await phone.getByRole('button', { name: 'Initiate M-Pesa' }).waitFor();
    await phone
      .getByRole('region', { name: 'Available capital' })
      .getByText('KES 50,000.00')
      .waitFor();
    await snap(phone, 'withdraw-phone-dark');
    await phone.goto('/dashboard/refunds');
    await phone.getByText(loan.loanCode).waitFor();
    await snap(phone, 'refunds-phone-dark');
    await phone.goto(`/dashboard/refunds/${loan.id}`);
    await phone.getByRole('button', { name: 'Not refundable' }).waitFor();
    await snap(phone, 'refund-detail-phone-dark');
  });
});
