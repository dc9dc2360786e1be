/**
 * A lender's business setup in Chromium (with the business selector): an
 * approved lender registers a second business through the two-step form with real
 * files, picks it in the selector, creates an area, a weekly cycle and a 30-day plan
 * through the dialogs and sees them listed; an agent of that business sees the plan
 * without a Create button.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, approvedLender } from '../support/fixtures';
import { JPEG, PDF } from '../support/files';
import { call } from '../support/test-server';
import { PHONE, startE2E, waitForPath, type E2E, signIn } from './support';

// The password tests/support/fixtures.ts gives every approved lender.
const LENDER_PASSWORD = 'Lender#2026';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

function selectedBusiness(page: Page): Promise<{ id: number; businessName: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('mkopo-selected-business');
    return raw ? (JSON.parse(raw) as { id: number; businessName: string }) : null;
  });
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function openMenu(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: link })
    .click();
}

describe('lender setup in Chromium', () => {
  it(
    'registers a business, picks it, creates an area, a cycle and a plan; its agent reads the plan',
    { timeout: 120_000 },
    async () => {
      const lender = await approvedLender(e2e.server, 'Achieng');
      const page = await e2e.newPage();
      await signIn(page, { role: 'lender', email: lender.email, password: LENDER_PASSWORD });
      // With one business, it is chosen on arrival.
      await expect.poll(async () => (await selectedBusiness(page))?.id).toBe(lender.businessId);

      // Step 1 checks its own fields before moving on, the business type with its own message.
      await openMenu(page, 'Register Business');
      await waitForPath(page, '/dashboard/lender-business-register');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Paybill Number is required').waitFor();
      await page.getByText('Area is required').waitFor();
      await page.getByLabel(/^Business Name/).fill('Achieng Boda Loans');
      await page.getByLabel(/^Paybill Number/).fill('600700');
      await page.getByLabel(/^Default Loan Limit/).fill('15000');
      await choose(page, 'Business Type', 'Microfinance institution');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 2: nothing is sent without both documents; Back keeps what was typed.
      await page.getByRole('button', { name: 'Register Business' }).click();
      await page.getByText('Business License image is required').waitFor();
      await page.getByText('Registration Certificate image is required').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel(/^Business Name/).inputValue()).toBe('Achieng Boda Loans');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel(/^Business License/).setInputFiles({
        name: 'licence.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(PDF),
      });
      await page.getByLabel(/^Registration Certificate/).setInputFiles({
        name: 'certificate.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from(JPEG),
      });
      await page.getByRole('button', { name: 'Register Business' }).click();
      await page.getByText('Lender Business successfully created').waitFor();

      // The selector lists both businesses; the new one starts as new.
      await waitForPath(page, '/business-selector');
      await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
      const choices = page.getByRole('list', { name: 'Your businesses' }).getByRole('button');
      await expect.poll(() => choices.count()).toBe(2);
      const created = await call(
        e2e.server,
        'GET',
        '/lender-business/lender',
        undefined,
        lender.token,
      );
      const business = (
        created.body as { id: number; businessName: string; status: string }[]
      ).find((b) => b.businessName === 'Achieng Boda Loans');
      expect(business?.status).toBe('new');
      await choices.filter({ hasText: 'Achieng Boda Loans' }).click();
      await waitForPath(page, '/dashboard');
      expect(await selectedBusiness(page)).toEqual({
        id: business!.id,
        businessName: 'Achieng Boda Loans',
      });

      // An area, through the Create dialog; the business defaults to the selected one.
      await openMenu(page, 'Business Areas');
      await page.getByText(/^No areas yet/).waitFor();
      await page.getByRole('button', { name: 'Create Area' }).click();
      const areaDialog = page.getByRole('dialog', { name: 'Create Area' });
      await areaDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await areaDialog.getByText('Name is required').waitFor();
      await areaDialog.getByText('Description is required').waitFor();
      expect(await areaDialog.getByRole('textbox', { name: 'Business' }).inputValue()).toBe(
        'Achieng Boda Loans',
      );
      await areaDialog.getByLabel(/^Name/).fill('Kondele Stage');
      await areaDialog.getByLabel(/^Description/).fill('Boda riders of Kondele and the bypass');
      await areaDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await areaDialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Kondele Stage' }).waitFor();
      await page.getByRole('cell', { name: 'Boda riders of Kondele and the bypass' }).waitFor();

      // A weekly repayment cycle.
      await openMenu(page, 'Repayment Cycles');
      await page.getByText(/^No repayment cycles yet/).waitFor();
      await page.getByRole('button', { name: 'Create Repayment Cycle' }).click();
      const cycleDialog = page.getByRole('dialog', { name: 'Create Repayment Cycle' });
      await cycleDialog.getByLabel(/^Name/).fill('Weekly');
      await cycleDialog.getByLabel(/^Days/).fill('400');
      await cycleDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await cycleDialog.getByText('Days must be a whole number from 1 to 365').waitFor();
      await cycleDialog.getByLabel(/^Days/).fill('7');
      await cycleDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await cycleDialog.waitFor({ state: 'hidden' });
      const cycleRow = page.getByRole('row').filter({ hasText: 'Weekly' });
      await cycleRow.getByRole('cell', { name: '7', exact: true }).waitFor();

      // A 30-day plan on that cycle; a plan shorter than its cycle is refused with a reason.
      await openMenu(page, 'Loan Plans');
      await page.getByText(/^No loan plans yet/).waitFor();
      await page.getByRole('button', { name: 'Create Loan Plan' }).click();
      const planDialog = page.getByRole('dialog', { name: 'Create Loan Plan' });
      await planDialog.getByLabel(/^Loan Plan Name/).fill('Boda 30');
      await planDialog.getByLabel(/^Duration/).fill('5');
      await choose(page, 'Repayment Cycle', 'Weekly (7 days)');
      await planDialog.getByLabel(/^Interest Rate/).fill('10');
      await planDialog.getByLabel(/^Processing Fee/).fill('2.5');
      await planDialog.getByLabel(/^Fine Rate Within/).fill('1');
      await planDialog.getByLabel(/^Fine Rate Over/).fill('2');
      await planDialog.getByLabel(/^Grace Period Within/).fill('2');
      await planDialog.getByLabel(/^Grace Period Over/).fill('3');
      await planDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('Loan plan failed!').waitFor();
      await planDialog
        .getByText("Duration must be at least the repayment cycle's 7 days")
        .waitFor();
      await planDialog.getByLabel(/^Duration/).fill('30');
      await planDialog.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('Loan plan created successfully!').waitFor();
      await planDialog.waitFor({ state: 'hidden' });
      const planRow = page.getByRole('row').filter({ hasText: 'Boda 30' });
      await planRow.getByRole('cell', { name: '30 days' }).waitFor();
      await planRow.getByRole('cell', { name: '10.00%' }).waitFor();
      await planRow.getByRole('cell', { name: 'Weekly' }).waitFor();

      // Signed in afresh with two businesses, nothing is chosen for the lender: the
      // screens ask for a choice and lead to the selector.
      await page.evaluate(() => localStorage.removeItem('mkopo-selected-business'));
      await page.goto('/dashboard/loanplan/add');
      await page.getByRole('heading', { name: 'Choose a business first' }).waitFor();
      expect(await selectedBusiness(page)).toBeNull();
      await page.getByRole('main').getByRole('link', { name: 'Choose a business' }).click();
      await waitForPath(page, '/business-selector');
      await expect.poll(() => choices.count()).toBe(2);

      // An agent of the new business reads the plan, without the Create button.
      const agent = await activeAgent(e2e.server, lender, business!.id);
      const agentPage = await e2e.newPage({ viewport: PHONE });
      await signIn(agentPage, { role: 'agent', email: agent.email, password: agent.password });
      // Sign-in leads to /dashboard, where its only business is chosen by itself.
      await waitForPath(agentPage, '/dashboard');
      await expect.poll(async () => (await selectedBusiness(agentPage))?.id).toBe(business!.id);
      await agentPage.goto('/dashboard/loanplan/add');
      await agentPage.getByRole('heading', { name: 'Loan Plans' }).waitFor();
      await agentPage.getByText('Boda 30').waitFor();
      await agentPage.getByText('Weekly').waitFor();
      // The phone's plan card shows the fines and their grace days too.
      await agentPage.getByText('Late instalment: 1.00% fine after 2 days').waitFor();
      await agentPage.getByText('After the due date: 2.00% fine after 3 days').waitFor();
      expect(await agentPage.getByRole('button', { name: 'Create Loan Plan' }).count()).toBe(0);
    },
  );
});
