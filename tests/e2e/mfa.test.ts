/**
 * The second factor in Chromium: an administrator without one is taken to set it up after the
 * password (QR code and the key to type, a first code, the recovery codes once), signs out,
 * and signs in again with a code; a lender whose phone speaks Kiswahili gets the code step in
 * Kiswahili. The codes are the ones an authenticator app shows for the key read off the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedAdmin, approvedLender } from '../support/fixtures';
import { enrolSecondFactor, nextFactorCode, totpCode } from '../support/test-server';
import { startE2E, toast, waitForPath, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('the second factor in Chromium', () => {
  it('an admin sets it up on the first sign-in, signs out, and signs in with a code', async () => {
    const email = 'new-admin@mkopo.test';
    const password = 'New-Admin#2026';
    // Added by the super admin, its password set from the mailed link.
    await addedAdmin(e2e.server, { name: 'New admin', email, password });

    const page = await e2e.newPage();
    await page.goto('/login/admin');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Nothing else before the second factor is set up.
    await waitForPath(page, '/second-factor/setup');
    await page
      .getByText('Administrators must set up a second factor before they can continue.')
      .waitFor();
    await page.goto('/dashboard/audit-logs');
    await waitForPath(page, '/second-factor/setup');
    await page.getByRole('button', { name: 'Set up a second factor' }).click();
    await page.getByRole('img', { name: 'QR code of your Mkopo authenticator key' }).waitFor();
    const secret = (await page.getByTestId('second-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel(/^Code/).fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('That code is not right. Check the time on your phone and try again.')
      .waitFor();
    await page.getByLabel(/^Code/).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const codes = await page
      .getByRole('list', { name: 'Your recovery codes' })
      .locator('li')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // Signs out.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/');

    // Signs in: the password, then the code step.
    await page.goto('/login/admin');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel(/^Code/).fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right.', { exact: false }).waitFor();
    // The next step's code: the one the set-up used cannot be used again.
    await page.getByLabel(/^Code/).fill(totpCode(secret, Math.floor(Date.now() / 30_000) + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
    await toast(page, 'Logged in successfully!').waitFor();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('a lender with a second factor gets the code step in Kiswahili', async () => {
    const lender = await approvedLender(e2e.server, 'Mwangi');
    await enrolSecondFactor(e2e.server, lender.email, lender.token);
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await page.evaluate(() => localStorage.setItem('mkopo-language', 'sw'));
    await page.reload();
    await page.getByLabel(/^Barua pepe/).fill(lender.email);
    await page.getByLabel(/^Nenosiri/).fill('Lender#2026');
    await page.getByRole('button', { name: 'Ingia' }).click();
    await page.getByRole('heading', { name: 'Weka nambari yako' }).waitFor();
    await page.getByRole('button', { name: 'Tumia nambari ya akiba badala yake' }).waitFor();
    await page.getByLabel(/^Nambari/).fill(await nextFactorCode(e2e.server, lender.email));
    await page.getByRole('button', { name: 'Thibitisha' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
});
