/**
 * The administrators' lender screens in Chromium (a lender's states and their moves): review and
 * approve a pending lender, block it from the Lenders Dashboard (its session ends), reject
 * another with a reason, and keep lenders out of the admin screens.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtDecode } from 'jwt-decode';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, approvedLender, uniquePaybill } from '../support/fixtures';
import { jpeg, pdf, png } from '../support/files';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  callForm,
  login,
  type TestServer,
} from '../support/test-server';
import { snap, startE2E, toast, waitForPath, type E2E, answerAdminCode } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

type PendingLender = {
  id: number;
  email: string;
  password: string;
  name: string;
  paybill: string;
};

/** Registers a lender and submits its profile as a business operator: it is Pending. */
async function pendingLender(server: TestServer, firstName: string): Promise<PendingLender> {
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.co.ke`;
  const password = 'Lender#2026';
  // A paybill belongs to one business: each lender its own.
  const paybill = uniquePaybill();
  const registered = await call(server, 'POST', '/auth/lender/register', { email, password });
  const token = registered.body.token.accessToken as string;
  const admin = await adminToken(server);
  const regions = await call(server, 'GET', '/region', undefined, admin);
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, admin);
  // One of the business types every install has (migration 0017).
  const businessType = types.body.find(
    (type: { name: string }) => type.name === 'Microfinance institution',
  );
  const profile = await callForm(
    server,
    'PATCH',
    '/auth/lender/profile',
    {
      firstName,
      lastName: 'Lender',
      phoneNumber: '0712345678',
      gender: 'Female',
      lenderRegionId: regions.body[0].id,
      idNumber: '23456789',
      hasNoBusiness: false,
      businessType: businessType.id,
      businessName: `${firstName} Capital`,
      paybillNumber: paybill,
      defaultLoanLimit: 20000,
    },
    { passportPhoto: png(), businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    token,
  );
  if (profile.status !== 200) throw new Error(`profile: ${JSON.stringify(profile.body)}`);
  const id = jwtDecode<{ id: number }>(token).id;
  return { id, email, password, name: `${firstName} Lender`, paybill };
}

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

/** Whether an <img> finished loading a real picture (not the fallback placeholder). */
async function imageLoaded(page: Page, name: string): Promise<boolean> {
  const image = page.getByRole('img', { name });
  await image.waitFor();
  await page.waitForFunction((alt) => {
    const element = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
    return !element || element.complete;
  }, name);
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);
}

describe('administrators and lenders in Chromium', () => {
  it('reviews and approves a lender, then blocks it from the Lenders Dashboard', async () => {
    const lender = await pendingLender(e2e.server, 'Wanjiru');
    // A stored picture the browser cannot decode must fall back to the placeholder.
    const details = await call(
      e2e.server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      await adminToken(e2e.server),
    );
    const certificateKey = details.body.lenderBusinesses[0].registrationCertificateUrl as string;
    writeFileSync(
      path.join(e2e.server.config.dataDir, 'files', certificateKey),
      'not a picture at all',
    );
    const page = await adminPage();

    // The pending list links to the review page.
    await page.goto('/dashboard/admin/approval');
    await page.getByRole('heading', { name: 'Pending Applications' }).waitFor();
    await page.getByPlaceholder('Search lenders...').fill('wanjiru');
    await page.getByRole('link', { name: `Review the application of ${lender.name}` }).click();
    await waitForPath(page, `/dashboard/approve-lender/${lender.id}`);

    // Personal Information: the fields and the passport photo through a temporary link.
    await page.getByRole('heading', { name: lender.name }).waitFor();
    await page.getByRole('tab', { name: 'Personal Information' }).waitFor();
    await page.getByText(lender.email).waitFor();
    await page.getByText('23456789').waitFor();
    expect(await imageLoaded(page, 'Passport Photo')).toBe(true);

    // Business Information: the business, its code and its documents.
    await page.getByRole('tab', { name: 'Business Information' }).click();
    await page.getByText(lender.paybill).waitFor();
    await page.getByText('KES 20,000.00').waitFor();
    const licence = page.getByRole('link', { name: /Business Licence/ });
    expect(await licence.getAttribute('href')).toMatch(/\/files\/.+\.pdf\?/);
    expect(await licence.getAttribute('target')).toBe('_blank');
    await page
      .getByRole('group', { name: 'Registration Certificate' })
      .getByText('Preview unavailable')
      .waitFor();

    // Approve asks first, naming the lender and what follows; Cancel changes nothing.
    await page.getByRole('button', { name: 'Approve' }).click();
    const approving = page.getByRole('dialog', { name: `Approve ${lender.name}?` });
    await approving
      .getByText(
        `${lender.name} becomes Active and can start lending: their businesses go live, the paybill on the application is verified (payments to it are credited to the business), and they can add capital, loan plans and agents who register borrowers and file loans.`,
      )
      .waitFor();
    await snap(page, 'approve-lender-confirm-desktop');
    await approving.getByRole('button', { name: 'Cancel' }).click();
    await approving.waitFor({ state: 'detached' });
    const stillPending = await call(
      e2e.server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      await adminToken(e2e.server),
    );
    expect(stillPending.body.status).toBe('Pending');
    // Approve: back to the pending list, which no longer holds the lender.
    await page.getByRole('button', { name: 'Approve' }).click();
    await approving.getByRole('button', { name: 'Approve' }).click();
    await waitForPath(page, '/dashboard/admin/approval');
    await page.getByRole('heading', { name: 'Pending Applications' }).waitFor();
    await page.getByText('Lender approved. Its businesses are now active.').waitFor();
    // The list may show what it held before the approval until its reload comes.
    await expect.poll(() => page.getByText(lender.email).count()).toBe(0);

    const lenderToken = await login(e2e.server, 'lender', lender.email, lender.password);
    const before = await call(e2e.server, 'GET', '/lender-business/lender', undefined, lenderToken);
    expect(before.status).toBe(200);

    // The Lenders Dashboard shows it Active; block it there.
    await page.goto('/dashboard/lenders');
    await page.getByRole('heading', { name: 'Lenders Dashboard' }).waitFor();
    await page.getByRole('tab', { name: /^Active/ }).click();
    const row = page.getByRole('row', { name: /Wanjiru/ });
    await row.getByText('Active', { exact: true }).waitFor();
    // Blocking asks first, naming the lender and what follows; Cancel changes nothing.
    await row.getByRole('button', { name: 'Block' }).click();
    let confirm = page.getByRole('dialog', { name: `Block ${lender.name}?` });
    await confirm.getByText(/is signed out at once and cannot sign in to lend/).waitFor();
    await snap(page, 'lenders-dashboard-block-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Block' }).click();
    confirm = page.getByRole('dialog', { name: `Block ${lender.name}?` });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await page.getByText('Succcessfully blocked lender').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Blocked/ }).click();
    await page
      .getByRole('row', { name: /Wanjiru/ })
      .getByText('Blocked', { exact: true })
      .waitFor();

    // The blocked lender's next call is refused.
    const after = await call(e2e.server, 'GET', '/lender-business/lender', undefined, lenderToken);
    expect(after.status).toBe(401);
  });

  it('rejects a pending lender with a reason from the review page', async () => {
    const lender = await pendingLender(e2e.server, 'Otieno');
    const page = await adminPage();
    await page.goto(`/dashboard/approve-lender/${lender.id}`);
    await page.getByRole('heading', { name: lender.name }).waitFor();

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject application' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Please provide a reason for rejection').waitFor();
    await dialog.getByLabel('Reason (Optional)').fill('The ID photo is unreadable');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await waitForPath(page, '/dashboard/admin/approval');
    const admin = await adminToken(e2e.server);
    const details = await call(
      e2e.server,
      'GET',
      `/auth/lender/lender-and-businesses/${lender.id}`,
      undefined,
      admin,
    );
    expect(details.body.status).toBe('Rejected');
    expect(details.body.rejectionReason).toBe('The ID photo is unreadable');
  });

  it('suspends from the approval table row menu and sorts by first name', async () => {
    const lender = await pendingLender(e2e.server, 'Achieng');
    const admin = await adminToken(e2e.server);
    await call(e2e.server, 'PATCH', `/admin/lender/approve/${lender.id}`, undefined, admin);
    const page = await adminPage();
    await page.goto('/dashboard/approve-lender');
    await page.getByRole('heading', { name: 'Approval of Lenders' }).waitFor();
    await page.getByPlaceholder('Search lenders...').fill('achieng');

    const row = page.getByRole('row', { name: /Achieng/ });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Actions for ${lender.name}` }).click();
    await page.getByRole('menu').getByText('Actions', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const confirm = page.getByRole('dialog', { name: `Suspend ${lender.name}?` });
    await confirm.getByText(/cannot lend while suspended/).waitFor();
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Lender suspended.').waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // A refused transition keeps the row as it was and says so.
    await row.getByRole('button', { name: `Actions for ${lender.name}` }).click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve ${lender.name}?` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approval failed. Please try again.').waitFor();
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // Sorting by first name ignores case; a second click reverses it.
    await page.getByPlaceholder('Search lenders...').fill('');
    const firstNames = () =>
      page
        .locator('tbody tr td:nth-child(1)')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
    const header = page
      .getByRole('columnheader', { name: /First Name/ })
      .getByText('First Name', { exact: true });
    await header.click();
    await page.waitForFunction(
      () => document.querySelector('tbody tr td')?.textContent?.trim() === 'Achieng',
    );
    expect(await firstNames()).toEqual(['Achieng', 'Otieno', 'Wanjiru']);
    await header.click();
    await page.waitForFunction(
      () => document.querySelector('tbody tr td')?.textContent?.trim() === 'Wanjiru',
    );
    expect(await firstNames()).toEqual(['Wanjiru', 'Otieno', 'Achieng']);
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(5);
  });

  it('creates a region after a refused one; the failure toast goes with the success', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/add/lender/region');
    await page.getByRole('button', { name: 'Create region' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create region' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nairobi');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Nairobi County again');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Failed to create region').waitFor();
    await dialog.getByText('A region with this name already exists.').waitFor();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nairobi Metropolitan');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Lender region successfully created').waitFor();
    await toast(page, 'Failed to create region').waitFor({ state: 'detached', timeout: 1_000 });
    await dialog.waitFor({ state: 'detached' });
    const regions = await call(
      e2e.server,
      'GET',
      '/region',
      undefined,
      await adminToken(e2e.server),
    );
    expect(regions.body.map((region: { name: string }) => region.name)).toContain(
      'Nairobi Metropolitan',
    );
  });

  it('rejects from the approval table only after a confirmation', async () => {
    const lender = await pendingLender(e2e.server, 'Kiprono');
    const page = await adminPage();
    await page.goto('/dashboard/approve-lender');
    await page.getByPlaceholder('Search lenders...').fill('kiprono');
    const row = page.getByRole('row', { name: /Kiprono/ });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Actions for ${lender.name}` }).click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog', { name: `Reject ${lender.name}?` });
    await confirm.getByText(/application is rejected/).waitFor();
    await snap(page, 'approval-reject-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Actions for ${lender.name}` }).click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await row.getByText('Rejected', { exact: true }).waitFor();
  });

  it('names a lender without a name yet by the email on the desktop Lenders Dashboard', async () => {
    const email = `nameless.${Date.now().toString(36)}@example.co.ke`;
    await call(e2e.server, 'POST', '/auth/lender/register', { email, password: 'Lender#2026' });
    const page = await adminPage();
    await page.goto('/dashboard/lenders');
    await page.getByRole('tab', { name: /^New/ }).click();
    await page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).waitFor();
    await snap(page, 'lenders-dashboard-new-desktop');
  });

  it('sends a lender who opens /dashboard/lenders to /unauthorized', async () => {
    const lender = await approvedLender(e2e.server, 'Mwangi');
    const page = await e2e.newPage();
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('jwt', token), lender.token);
    await page.goto('/dashboard/lenders');
    await waitForPath(page, '/unauthorized');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });
});

describe('a lender blocked while signed in', () => {
  it('is signed out at its next request, not only at its next sign-in; signing in again shows Access Denied', async () => {
    const lender = await approvedLender(e2e.server, 'Chebet');
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await page.getByLabel(/^Email/).fill(lender.email);
    await page.getByLabel(/^Password/).fill('Lender#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto('/business-selector');
    await waitForPath(page, '/dashboard');

    const admin = await adminToken(e2e.server);
    const blocked = await call(
      e2e.server,
      'PATCH',
      `/admin/lender/${lender.id}/block`,
      undefined,
      admin,
    );
    expect(blocked.status).toBe(200);

    // The stored token still says Active, but blocking ended its session: the server's
    // 401 on the next call signs the lender out.
    await page.goto('/dashboard/loans');
    await waitForPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

    // Signing in again works, and the token says Blocked: Access Denied.
    await page.goto('/login/lender');
    await page.getByLabel(/^Email/).fill(lender.email);
    await page.getByLabel(/^Password/).fill('Lender#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/unauthorized');
    await page.getByText('Access Denied').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    expect(jwtDecode<{ status: string }>(token!).status).toBe('Blocked');
  });
});
