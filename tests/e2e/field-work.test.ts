/**
 * An agent's field work in Chromium (follow-ups list, loan follow-up page, borrower file
 * upload): an overdue active loan shows in the
 * follow-ups list with a red days-overdue badge; the agent opens it, records follow-ups
 * that appear at the top of the history, and uploads a loan file that then shows below
 * the upload form. Screens are shot on a desktop and a phone, light and dark.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../../server/db/schema';
import { pdf, png } from '../support/files';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { deposit, eventually, loanStatus } from '../support/money';
import { call } from '../support/test-server';
import {
  goOffline,
  goOnline,
  PHONE,
  snap,
  startE2E,
  waitForPath,
  type E2E,
  signIn,
} from './support';

const DAY_MS = 86_400_000;

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let page: Page;
let overdue: { id: number; loanCode: string };
let current: { id: number; loanCode: string };
let files: { dir: string; agreement: string; photo: string };

async function disbursedLoan(
  planId: number,
  borrower: { firstName: string; lastName: string; phoneNumber: string },
) {
  const { id: borrowerId } = await registerBorrower(
    e2e.server,
    agent.token,
    lender.businessId,
    agent.areaId,
    borrower,
  );
  const applied = await call(
    e2e.server,
    'POST',
    '/loan/apply',
    {
      borrowerId,
      lenderLoanPlanId: planId,
      principalAmount: 8_000,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  expect(applied.status).toBe(201);
  const loan = applied.body.data as { id: number; loanCode: string };
  const approved = await call(
    e2e.server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
  expect(approved.status).toBe(200);
  await eventually(async () => (await loanStatus(e2e.server, lender, loan.id)).status === 'active');
  return loan;
}

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Nyambura');
  agent = await activeAgent(e2e.server, lender);
  const cycle = await createCycle(e2e.server, lender, 7);
  const plan = await createPlan(e2e.server, lender, {
    name: 'Four weeks',
    repaymentCycleId: cycle.id,
    durationInDays: 28,
    interestRate: 10,
    processingFee: 2,
  });
  await deposit(e2e.server, lender, 50_000);
  overdue = await disbursedLoan(plan.id, {
    firstName: 'Halima',
    lastName: 'Wekesa',
    phoneNumber: '0712 300 401',
  });
  current = await disbursedLoan(plan.id, {
    firstName: 'Brian',
    lastName: 'Otieno',
    phoneNumber: '0712 300 402',
  });
  // Twelve and a half days past its due date: 13 days overdue.
  await e2e.server.database.db
    .update(loans)
    .set({ dueDate: new Date(Date.now() - 12.5 * DAY_MS) })
    .where(eq(loans.id, overdue.id));

  const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-loan-files-'));
  files = {
    dir,
    agreement: path.join(dir, 'halima-agreement.pdf'),
    photo: path.join(dir, 'guarantor-form.png'),
  };
  writeFileSync(files.agreement, pdf().bytes);
  writeFileSync(files.photo, png().bytes);
  page = await e2e.newPage({ serviceWorker: true });
});

// A test that stops while offline does not leave the next ones offline too.
afterEach(async () => {
  if (page) await goOnline(page);
});

afterAll(async () => {
  await e2e?.close();
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

/** A page signed in as the agent, with the theme and viewport asked for. */
async function agentPage(theme: 'light' | 'dark', viewport = PHONE): Promise<Page> {
  const other = await e2e.newPage({ viewport });
  await other.goto('/');
  const business = await page.evaluate(() => localStorage.getItem('mkopo-selected-business'));
  await other.evaluate(
    ({ token, theme, business }) => {
      localStorage.setItem('jwt', token);
      localStorage.setItem('vite-ui-theme', theme);
      localStorage.setItem('mkopo-selected-business', business);
    },
    { token: agent.token, theme, business: business ?? '' },
  );
  return other;
}

describe('field work in Chromium', () => {
  it('lists the overdue loan first, with a red days-overdue badge, and filters it', async () => {
    await signIn(page, {
      role: 'agent',
      email: agent.email,
      password: agent.password,
      selectBusiness: true,
      businessId: lender.businessId,
    });
    await page.goto('/dashboard/follow-up');
    await page.getByRole('heading', { name: 'Follow-ups' }).waitFor();
    const rows = page.getByRole('row');
    const overdueRow = rows.filter({ hasText: 'Halima Wekesa' });
    await overdueRow.waitFor();
    await overdueRow.getByText('0712 300 401').waitFor();
    await overdueRow.getByText('Nyambura Capital').waitFor();
    await overdueRow.getByText('Ksh 8,800.00').waitFor();
    await overdueRow.getByText('N/A').waitFor();
    await overdueRow.getByText('Active', { exact: true }).waitFor();

    const badge = overdueRow.getByText('13 days', { exact: true });
    await badge.waitFor();
    // Above 7 days the badge is destructive: white on Mantine's red.8.
    const colors = await badge.evaluate((element) => {
      const box = element.closest('.mantine-Badge-root') ?? element;
      return [getComputedStyle(box).backgroundColor, getComputedStyle(box).color];
    });
    expect(colors).toEqual(['rgb(224, 49, 49)', 'rgb(255, 255, 255)']);
    await rows.filter({ hasText: 'Brian Otieno' }).getByText('Not overdue').waitFor();

    // Most overdue first.
    const names = await page.locator('tbody tr td:first-child').allTextContents();
    expect(names.slice(0, 2)).toEqual(['Halima Wekesa', 'Brian Otieno']);
    await snap(page, 'follow-ups-desktop');

    const search = page.getByRole('searchbox', { name: 'Search by borrower name or phone' });
    await search.fill('0712300402');
    await overdueRow.waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Brian Otieno' }).waitFor();
    await search.fill('wekesa HALIMA');
    await overdueRow.waitFor();
    await search.fill('Nobody Here');
    await page.getByText('No loan matches this search or business.').waitFor();
    await search.fill('');

    const business = page.getByRole('textbox', { name: 'Business' });
    expect(await business.inputValue()).toBe('All Businesses');
    await business.click();
    await page.getByRole('option', { name: 'Nyambura Capital' }).click();
    await overdueRow.waitFor();
  });

  it('opens the loan, refuses a short comment and puts each follow-up at the top', async () => {
    await page.getByRole('row').filter({ hasText: 'Halima Wekesa' }).click();
    await waitForPath(page, `/dashboard/follow-up/${overdue.id}`);
    await page.getByRole('heading', { name: 'Halima Wekesa' }).waitFor();
    const due = page.getByRole('region', { name: 'Repayment Due Date' });
    await due.getByText('13 days overdue').waitFor();
    await page
      .getByRole('region', { name: 'Loan Details' })
      .getByText(overdue.loanCode, { exact: true })
      .waitFor();
    await page
      .getByRole('region', { name: 'Borrower Information' })
      .getByText('0712 300 401')
      .waitFor();
    const history = page.getByRole('region', { name: 'Follow-up History' });
    await history.getByText(/^No follow-ups yet/).waitFor();

    await page.getByRole('button', { name: 'Create Follow-Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Follow-Up' });
    const comment = dialog.getByRole('textbox', { name: 'Comment' });
    await comment.fill('  abc ');
    await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog.getByText('Comment must be at least 5 characters').waitFor();
    await snap(page, 'follow-up-dialog-desktop');

    // A refusal from the server shows the server's sentence and keeps what was typed.
    await page.route('**/api/follow-up', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 422, message: 'This loan takes no more follow-ups.' }),
      }),
    );
    await comment.fill('Called twice, no answer. Will visit the stall on Monday.');
    await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Failed to create follow-up. Please try again.' })
      .waitFor();
    expect(await comment.inputValue()).toBe(
      'Called twice, no answer. Will visit the stall on Monday.',
    );

    // A request that never reaches the server is kept on the phone and shows as Sending
    // at the top of the history; it goes by itself once the server can be reached. The
    // cable is pulled for the page and its service worker alike: the worker sends the
    // outbox too (Background Sync), past any route the page sets.
    await page.unroute('**/api/follow-up');
    await goOffline(page);
    await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved on this phone').first().waitFor();
    const sending = history.getByRole('listitem').filter({ hasText: 'Called twice' });
    await sending.getByText('Sending').waitFor();
    await snap(page, 'follow-up-sending-desktop');
    await goOnline(page);
    await history.getByText('by Otieno Field').waitFor({ timeout: 20_000 });
    expect(await sending.getByText('Sending').count()).toBe(0);

    await page.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog
      .getByRole('textbox', { name: 'Comment' })
      .fill('Visited: promised KES 3,000 on Friday.');
    await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog.waitFor({ state: 'detached' });
    const items = history.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('Visited: promised KES 3,000 on Friday.');
    expect(await items.last().textContent()).toContain('Called twice, no answer.');
    await history.getByText('2 follow-ups').waitFor();
    await snap(page, 'follow-up-desktop');

    // Read again from the server, the order holds, and the list shows the last follow-up.
    await page.reload();
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('Visited: promised KES 3,000 on Friday.');
    await page.getByRole('link', { name: 'Back to Follow-ups' }).click();
    await waitForPath(page, '/dashboard/follow-up');
    const row = page.getByRole('row').filter({ hasText: 'Halima Wekesa' });
    await row.waitFor();
    expect(await row.getByText('N/A').count()).toBe(0);
  });

  it('a loan that is not the agent’s reads Loan Not Found', async () => {
    await page.goto('/dashboard/follow-up/99999999');
    await page.getByRole('heading', { name: 'Loan Not Found' }).waitFor();
    await page
      .getByText("The requested loan could not be found or you don't have permission to view it.")
      .waitFor();
  });

  it('uploads a loan agreement and another file, which then show below the form', async () => {
    await page.goto('/dashboard/loan-agreement');
    await page.getByRole('heading', { name: 'Loan Files' }).waitFor();
    await page.getByText('Choose a borrower above to see the files uploaded for them.').waitFor();

    // An empty form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await page.getByText('Add a decription or comment that can be given').waitFor();
    await page.getByText('Borrower is required').waitFor();
    await page
      .getByText('Choose a loan agreement file or another file to upload.')
      .first()
      .waitFor();
    await snap(page, 'loan-files-errors-desktop');

    await page.getByRole('textbox', { name: 'Borrower' }).click();
    await page.getByRole('textbox', { name: 'Borrower' }).fill('halima');
    await page.getByRole('option', { name: /Halima Wekesa/ }).click();
    await page.getByText('No files uploaded for this borrower yet.').waitFor();
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Signed agreement and the guarantor form');
    await page
      .locator('input[type="file"][name="loanAgreementfilesorImage"]')
      .setInputFiles(files.agreement);
    await page.locator('input[type="file"][name="otherImage"]').setInputFiles(files.photo);
    await page.getByText('halima-agreement.pdf').first().waitFor();
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await page.getByText('Loan files uploaded successfully').first().waitFor();

    const uploaded = page.getByRole('region', { name: 'Uploaded files' });
    const agreement = uploaded.getByRole('article');
    await agreement.getByText('Signed agreement and the guarantor form').waitFor();
    await agreement.getByText('halima-agreement.pdf').waitFor();
    await agreement.getByText('guarantor-form.png').waitFor();
    await agreement.getByText('Loan agreement', { exact: true }).waitFor();
    await agreement.getByText('Other file', { exact: true }).waitFor();
    const open = agreement.getByRole('link', { name: 'Open halima-agreement.pdf' });
    await open.waitFor();
    const response = await page.request.get((await open.getAttribute('href'))!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The form is ready for the next upload; the borrower stays chosen.
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('');
    await page.getByText('Choose a file').first().waitFor();
    await snap(page, 'loan-files-desktop');
  });

  it('the field-work screens read well on a phone, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const phone = await agentPage(theme);
      await phone.goto('/dashboard/follow-up');
      const card = phone.getByRole('listitem').filter({ hasText: 'Halima Wekesa' });
      await card.getByText('13 days', { exact: true }).waitFor();
      await snap(phone, `follow-ups-phone-${theme}`);
      await card.click();
      await waitForPath(phone, `/dashboard/follow-up/${overdue.id}`);
      await phone.getByText('Visited: promised KES 3,000 on Friday.').waitFor();
      await snap(phone, `follow-up-phone-${theme}`);
      await phone.getByRole('button', { name: 'Create Follow-Up' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Create Follow-Up' });
      // Shot once the dialog has finished opening.
      await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await snap(phone, `follow-up-dialog-phone-${theme}`);
      await phone.goto('/dashboard/loan-agreement');
      await phone.getByRole('button', { name: 'Upload Files' }).waitFor();
      await phone.getByRole('textbox', { name: 'Borrower' }).click();
      await phone.getByRole('option', { name: /Halima Wekesa/ }).click();
      await phone.getByText('halima-agreement.pdf').waitFor();
      await snap(phone, `loan-files-phone-${theme}`);
      await phone.close();
    }
    const dark = await agentPage('dark', { width: 1440, height: 900 });
    await dark.goto(`/dashboard/follow-up`);
    await dark.getByText('13 days', { exact: true }).waitFor();
    await snap(dark, 'follow-ups-desktop-dark');
    await dark.goto(`/dashboard/follow-up/${current.id}`);
    await dark.getByRole('heading', { name: 'Brian Otieno' }).waitFor();
    await snap(dark, 'follow-up-desktop-dark');
  });
});
