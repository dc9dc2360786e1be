import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from '../support/test-server';
import { answerAdminCode, startE2E, toast, waitForPath, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts and sessions in Chromium', () => {
  it('a new lender registers and lands on /lender/update-profile', async () => {
    const page = await e2e.newPage();
    await page.goto('/register/lender');
    await page.getByRole('heading', { name: 'Lender Registration' }).waitFor();
    await page.getByLabel(/^Email/).fill('new.lender@example.co.ke');
    await page.getByLabel(/^Password/).fill('Mkopo#2026');
    await page.getByLabel(/^Confirm Password/).fill('Mkopo#2026');
    await page.getByRole('button', { name: 'Register' }).click();
    await waitForPath(page, '/lender/update-profile');
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    expect(token).toBeTruthy();
  });

  it('a failed login shows "Invalid email or password"', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await fillLogin(page, 'nobody@example.com', 'wrong-password');
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/lender');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  });

  it('a sign-in that succeeds after a failure takes the failure toast away', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/admin');
    await fillLogin(page, ADMIN_EMAIL, 'Wrong-Passw0rd!');
    await toast(page, 'Login failed. Please check your credentials.').waitFor();
    await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await answerAdminCode(page, e2e.server);
    await waitForPath(page, '/dashboard');
    await toast(page, 'Logged in successfully!').waitFor();
    await toast(page, 'Login failed').waitFor({ state: 'detached', timeout: 1_000 });
  });

  it('a sign-in whose request never reaches the server says the network failed', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/agent');
    await page.route('**/api/auth/agent/login', (route) => route.abort('internetdisconnected'));
    await fillLogin(page, 'agent@example.co.ke', 'Agent#2026');
    // The form's alert (the toast is an alert too).
    await page
      .locator('form')
      .getByRole('alert')
      .getByText('The server could not be reached. Check your connection and try again.')
      .waitFor();
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
    await toast(page, 'The server could not be reached').waitFor();
  });

  it('an admin logs in and sees "Admin Dashboard"', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/admin');
    await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await answerAdminCode(page, e2e.server);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('a signed-in lender is sent from /login/lender to /business-selector', async () => {
    const email = 'signed.in@example.co.ke';
    await call(e2e.server, 'POST', '/auth/lender/register', { email, password: 'Mkopo#2026' });
    // Approval arrives with the admin screens; here the lender is made Active directly.
    await e2e.server.database.db
      .update(users)
      .set({ status: 'Active' })
      .where(eq(users.email, email));
    const page = await e2e.newPage();
    await page.goto('/login/lender');
    await fillLogin(page, email, 'Mkopo#2026');
    await waitForPath(page, '/dashboard');
    await page.goto('/login/lender');
    await waitForPath(page, '/business-selector');
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
  });

  it('serves the landing page at / and the PWA manifest', async () => {
    const page = await e2e.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    const manifest = await fetch(`${e2e.server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect((await manifest.json()).short_name).toBe('Mkopo');
  });

  it('an unknown path goes to /', async () => {
    const page = await e2e.newPage();
    await page.goto('/no/such/page');
    await waitForPath(page, '/');
  });

  it('the theme choice survives a reload', async () => {
    const page = await e2e.newPage();
    await page.goto('/login/admin');
    await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await answerAdminCode(page, e2e.server);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
  });
});
