/**
 * The admin reports in Chromium: from the reports index an
 * admin opens All Lenders, pages through twelve lenders ten at a time with Prev and Next
 * ("Page X of Y", disabled at the ends), opens a lender's details and goes Back. Lenders
 * reach /dashboard/reports too, and are pointed to their own figures; the reports
 * themselves are refused to them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../server/scripts/seed-scale';
import { approvedLender, type Lender } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from '../support/test-server';
import { PHONE, snap, startE2E, waitForPath, type E2E, answerAdminCode } from './support';

let e2e: E2E;
let wanjiru: Lender;
const newEmails: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  wanjiru = await approvedLender(e2e.server, 'Wanjiru');
  await approvedLender(e2e.server, 'Kamau');
  // Ten more who registered and have not submitted a profile yet: twelve lenders in all.
  for (let i = 1; i <= 10; i += 1) {
    const email = `lender${String(i).padStart(2, '0')}.${Date.now().toString(36)}@example.co.ke`;
    const res = await call(e2e.server, 'POST', '/auth/lender/register', {
      email,
      password: 'Lender#2026',
    });
    expect(res.status).toBe(201);
    newEmails.push(email);
  }
});
afterAll(async () => {
  await e2e?.close();
});

async function adminPage(): Promise<Page> {
  const page = await e2e.newPage();
  await page.goto('/login/admin');
  await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answerAdminCode(page, e2e.server);
  await waitForPath(page, '/dashboard');
  return page;
}

describe('admin reports in Chromium', () => {
  it('pages through All Lenders and opens a lender’s details', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/reports');
    // The index's cards (the sidebar's Reports group lists them too, outside <main>).
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'User Growth' }).waitFor();
    expect(await main.getByRole('link').count()).toBe(11);
    await snap(page, 'reports-index');
    await main.getByRole('link', { name: 'All Lenders' }).click();
    await waitForPath(page, '/dashboard/reports/all-lenders');

    const next = page.getByRole('button', { name: 'Next' });
    const prev = page.getByRole('button', { name: 'Prev' });
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('cell', { name: 'Wanjiru Lender' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'Active' }).count()).toBe(2);
    await snap(page, 'reports-all-lenders');

    await next.click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('cell', { name: newEmails[9]! }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(2);
    expect(await next.isDisabled()).toBe(true);
    expect(await prev.isEnabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // A row opens the lender's details; Back returns to the same page of the report.
    await page.getByRole('cell', { name: newEmails[9]! }).click();
    await page.getByRole('heading', { level: 1, name: newEmails[9]! }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('New', { exact: true }).waitFor();
    expect(await details.getByText('N/A').count()).toBe(2);
    await snap(page, 'reports-all-lenders-details');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('cell', { name: newEmails[8]! }).waitFor();

    await prev.click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('cell', { name: 'Wanjiru Lender' }).click();
    await page.getByRole('region', { name: 'Details' }).getByText(wanjiru.email).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Page 1 of 2').waitFor();
  });

  it('shows amounts in Kenyan style and the months of user growth', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/reports/capital-per-lender');
    await page.getByRole('cell', { name: 'Ksh 0.00' }).first().waitFor();
    await snap(page, 'reports-capital-per-lender');
    await page.goto('/dashboard/reports/user-growth');
    const month = new Intl.DateTimeFormat('en-KE', {
      month: 'short',
      year: 'numeric',
      timeZone: 'Africa/Nairobi',
    }).format(new Date());
    await page.getByRole('cell', { name: month }).waitFor();
    await page.getByRole('cell', { name: '12' }).first().waitFor();
    await snap(page, 'reports-user-growth');
    await page.goto('/dashboard/reports/loan-performance');
    await page.getByText('Page 1 of 2').waitFor();
    await snap(page, 'reports-loan-performance');
    await page.getByRole('cell', { name: 'Wanjiru Lender' }).click();
    await page
      .getByText('Collected ÷ due for loans past their due date', { exact: false })
      .waitFor();
    await snap(page, 'reports-loan-performance-details');
    const phone = await e2e.newPage({ viewport: PHONE });
    await phone.goto('/login/admin');
    await phone.getByLabel(/^Email/).fill(ADMIN_EMAIL);
    await phone.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await answerAdminCode(phone, e2e.server);
    await waitForPath(phone, '/dashboard');
    await phone.goto('/dashboard/reports/revenue-per-lender');
    await phone.getByText('Page 1 of 2').waitFor();
    await snap(phone, 'reports-revenue-phone');
  });

  it('points a lender to its own figures, and keeps the reports to admins', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await page.getByLabel(/^Email/).fill(wanjiru.email);
    await page.getByLabel(/^Password/).fill('Lender#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login/lender');
    await page.goto('/dashboard/reports');
    await page.getByRole('link', { name: /^Repayments:/ }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'All Lenders' }).count()).toBe(0);
    await snap(page, 'reports-lender');
    await page.goto('/dashboard/reports/all-lenders');
    await page.getByText('Access Denied').waitFor();
  });

  it('reads a seeded data set: amounts, counts and rates on later pages', async () => {
    // Thirty more lenders with businesses, agents, borrowers and loans in every state.
    await seedScale(e2e.server.database, { lenders: 30, borrowers: 900, loans: 4_500 }, () => {});
    const page = await adminPage();
    await page.goto('/dashboard/reports/loan-performance?page=3');
    await page.getByText('Page 3 of 5').waitFor();
    await expect
      .poll(() => page.getByRole('cell', { name: /^\d+\.\d+%$/ }).count())
      .toBeGreaterThan(0);
    await snap(page, 'reports-seeded-loan-performance');
    await page.goto('/dashboard/reports/revenue-per-lender?page=3');
    await page
      .getByRole('cell', { name: /^Ksh [1-9][\d,]*\.\d\d$/ })
      .first()
      .click();
    await page.getByText('Interest Collected').waitFor();
    await snap(page, 'reports-seeded-revenue-details');
    await page.goto('/dashboard/reports/user-growth');
    await page.getByText(/^Page 1 of [23]$/).waitFor();
    await snap(page, 'reports-seeded-user-growth');
  });
});
