/**
 * Lender onboarding in Chromium (registration, profile wizard, application status pages, a lender's states): registration, the
 * three-step profile wizard with real image files, the review wait, and the
 * administrator's decision, taken on the review page in the admin's own browser,
 * reaching the lender (approval, then a fresh sign-in onto its one business;
 * rejection with a reason).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtDecode } from 'jwt-decode';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/fixtures';
import { JPEG, PNG } from '../support/files';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from '../support/test-server';
import { PHONE, startE2E, toast, waitForPath, type E2E, answerAdminCode } from './support';

let e2e: E2E;
let admin: string;
let files: string;
const file = (name: string) => path.join(files, name);

beforeAll(async () => {
  e2e = await startE2E();
  admin = await adminToken(e2e.server);
  files = mkdtempSync(path.join(tmpdir(), 'mkopo-onboarding-'));
  writeFileSync(file('passport.jpg'), JPEG);
  writeFileSync(file('id-front.png'), PNG);
  writeFileSync(file('id-back.jpg'), JPEG);
  writeFileSync(file('licence.png'), PNG);
  writeFileSync(file('certificate.jpg'), JPEG);
  writeFileSync(file('too-big.png'), new Uint8Array(6 * 1024 * 1024));
});

afterAll(async () => {
  await e2e?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function registerLender(page: Page, email: string) {
  await page.goto('/register/lender');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Mkopo#2026');
  await page.getByLabel(/^Confirm Password/).fill('Mkopo#2026');
  await page.getByRole('button', { name: 'Register' }).click();
  await waitForPath(page, '/lender/update-profile');
  await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
}

async function fillPersonal(page: Page, firstName: string, lastName: string) {
  await page.getByRole('heading', { name: 'Personal information' }).waitFor();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Phone number').fill('0712345678');
  await page.getByRole('textbox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('textbox', { name: 'Region' }).fill('Nairo');
  await page.getByRole('option', { name: 'Nairobi' }).click();
  await page.getByLabel('ID number').fill('23456789');
}

const progress = (page: Page) =>
  page.getByRole('progressbar', { name: 'Profile progress' }).getAttribute('aria-valuenow');

/** Waits for the review screen; answers the lender's id and what the server stored. */
async function submittedApplication(page: Page) {
  await waitForPath(page, '/lender/approval-pending');
  await page.getByRole('heading', { name: 'Application Under Review' }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  if (!token) throw new Error('no session token');
  const id = jwtDecode<{ id: number }>(token).id;
  const stored = await call(
    e2e.server,
    'GET',
    `/auth/lender/lender-and-businesses/${id}`,
    undefined,
    admin,
  );
  expect(stored.status).toBe(200);
  return { id, lender: stored.body };
}

async function signedInAdmin(): Promise<Page> {
  const adminPage = await e2e.newPage();
  await adminPage.goto('/login/admin');
  await adminPage.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await adminPage.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await adminPage.getByRole('button', { name: 'Sign In' }).click();
  await answerAdminCode(adminPage, e2e.server);
  await waitForPath(adminPage, '/dashboard');
  return adminPage;
}

describe('lender onboarding in Chromium', () => {
  it('a business operator completes the wizard, is approved and reaches the dashboard', async () => {
    const page = await e2e.newPage();
    await registerLender(page, 'wanjiru.operator@example.co.ke');

    // Step 1: the step cannot be skipped and the later steps cannot be clicked.
    expect(await progress(page)).toBe('33');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Business type is required').waitFor();
    await page.getByRole('button', { name: /About you/ }).click({ force: true });
    await page.getByRole('heading', { name: 'Business type' }).waitFor();
    // A fresh install offers the common Kenyan business types (migration 0017).
    for (const type of [
      'Sole proprietorship',
      'Partnership',
      'Limited company',
      'SACCO',
      'Chama / investment group',
    ]) {
      await page.getByRole('radio', { name: new RegExp(`^${type.replace('/', '\\/')}`) }).waitFor();
    }
    await page.getByRole('radio', { name: /^Microfinance institution/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the fields and the identity documents are checked before step 3 opens.
    await page.getByRole('heading', { name: 'Personal information' }).waitFor();
    expect(await progress(page)).toBe('66');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByText('Please upload all required identification documents.').first().waitFor();
    await fillPersonal(page, 'Wanjiru', 'Kamau');
    const passport = page.locator('input[type=file][name=passportPhoto]');
    await passport.setInputFiles(file('too-big.png'));
    await page.getByText(/too-big\.png is 6 MB; files up to 5 MB are accepted/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await toast(page, 'Missing Files').waitFor();
    await passport.setInputFiles(file('passport.jpg'));
    await page.getByText('passport.jpg').waitFor();
    await page.getByRole('img', { name: 'Preview of passport.jpg' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3, and Back keeps what was typed. The documents are there now: the "Missing
    // Files" toast does not stay.
    await page.getByRole('heading', { name: 'Business information' }).waitFor();
    await toast(page, 'Missing Files').waitFor({ state: 'detached', timeout: 1_000 });
    expect(await progress(page)).toBe('100');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Personal information' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Wanjiru');
    await page.getByText('passport.jpg').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Business name').fill('Wanjiru Capital');
    await page.getByLabel('Paybill number').fill('600638');
    await page.getByLabel('Default loan limit').fill('25000');
    expect(await page.getByLabel('Default loan limit').inputValue()).toBe('KES 25,000');
    await page
      .locator('input[type=file][name=businessLicenseUrl]')
      .setInputFiles(file('licence.png'));
    await page
      .locator('input[type=file][name=registrationCertificateUrl]')
      .setInputFiles(file('certificate.jpg'));
    await page.getByRole('button', { name: 'Submit profile' }).click();

    const { id, lender: submitted } = await submittedApplication(page);
    await toast(
      page,
      'Your profile has been updated successfully and is pending approval.',
    ).waitFor();
    expect(await toast(page, 'Missing Files').count()).toBe(0);
    expect(submitted).toMatchObject({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      status: 'Pending',
      gender: 'Female',
      lenderRegion: { name: 'Nairobi' },
      idFront: null,
    });
    expect(submitted.passportPhoto).toBeTruthy();
    expect(submitted.lenderBusinesses).toHaveLength(1);
    expect(submitted.lenderBusinesses[0]).toMatchObject({
      businessName: 'Wanjiru Capital',
      paybillNumber: '600638',
      defaultLoanLimit: 25000,
      lenderBusinessType: { name: 'Microfinance institution' },
    });
    expect(submitted.lenderBusinesses[0].businessLicenseUrl).toBeTruthy();
    expect(submitted.lenderBusinesses[0].registrationCertificateUrl).toBeTruthy();

    // The administrator approves from the review page, in a browser of their own.
    const adminPage = await signedInAdmin();
    await adminPage.goto(`/dashboard/approve-lender/${id}`);
    await adminPage.getByRole('heading', { name: 'Wanjiru Kamau' }).waitFor();
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Approve Wanjiru Kamau?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForPath(adminPage, '/dashboard/admin/approval');
    await adminPage.getByText('Lender approved. Its businesses are now active.').waitFor();

    // The pending page learns of it when the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForPath(page, '/dashboard');

    // Signed out and in again, the lender lands on its one business.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login/lender');
    await page.getByLabel(/^Email/).fill('wanjiru.operator@example.co.ke');
    await page.getByLabel(/^Password/).fill('Mkopo#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Sign-in leads to /dashboard, where the business selector chooses its one business by
    // itself.
    await waitForPath(page, '/dashboard');
    await page.getByText(/Welcome back, Wanjiru/).waitFor();
  });

  it('a lender without a business is rejected with a reason and sees it', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await registerLender(page, 'achieng.individual@example.co.ke');

    await page.getByText("I don't have a business").click();
    await page.getByRole('button', { name: 'Next' }).click();
    await fillPersonal(page, 'Achieng', 'Otieno');
    await page.getByText('National ID', { exact: true }).click();
    await page.locator('input[type=file][name=idFront]').setInputFiles(file('id-front.png'));
    await page.locator('input[type=file][name=idBack]').setInputFiles(file('id-back.jpg'));
    await page.getByRole('button', { name: 'Next' }).click();

    // The switch filled the business from the lender's name and the individual limit.
    await page.getByRole('heading', { name: 'Business information' }).waitFor();
    expect(await page.getByLabel('Business name').inputValue()).toBe('Achieng Otieno');
    expect(await page.getByLabel('Default loan limit').inputValue()).toBe('KES 1,000');
    expect(await page.locator('input[type=file][name=businessLicenseUrl]').count()).toBe(0);
    await page.getByLabel('Paybill number').fill('512345');
    await page.getByRole('button', { name: 'Submit profile' }).click();
    const { id, lender: submitted } = await submittedApplication(page);
    expect(submitted.passportPhoto).toBeNull();
    expect(submitted.idFront).toBeTruthy();
    expect(submitted.idBack).toBeTruthy();
    expect(submitted.lenderBusinesses[0]).toMatchObject({
      businessName: 'Achieng Otieno',
      defaultLoanLimit: 1000,
      lenderBusinessType: { businessType: 'individual' },
    });

    // The administrator rejects from the review page, with a reason.
    const reason = 'The ID photos are unreadable.';
    const adminPage = await signedInAdmin();
    await adminPage.goto(`/dashboard/approve-lender/${id}`);
    await adminPage.getByRole('heading', { name: 'Achieng Otieno' }).waitFor();
    await adminPage.getByRole('button', { name: 'Reject' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reject application' });
    await dialog.getByLabel('Reason (Optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await waitForPath(adminPage, '/dashboard/admin/approval');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForPath(page, '/lender/rejected');
    await page.getByRole('heading', { name: 'Application Rejected' }).waitFor();
    await page.getByText(`Reason: ${reason}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  });
});
