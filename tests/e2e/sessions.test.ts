/**
 * Sessions in Chromium (the README's "Signing in and out"): Log out ends the token on the server,
 * also when the agent logs out offline (sent once the phone is back online); Access Denied offers
 * Log out; a lender blocked and activated again gets back to its dashboard.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, adminToken, approvedLender, type Lender } from '../support/fixtures';
import { eventually } from '../support/money';
import { call } from '../support/test-server';
import {
  goOffline,
  goOnline,
  PHONE,
  snap,
  startE2E,
  untilWorkerControls,
  waitForPath,
  type E2E,
  signIn,
} from './support';

const LENDER_PASSWORD = 'Lender#2026';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('jwt'));
const pending = (page: Page) =>
  page.evaluate(() => localStorage.getItem('mkopo-pending-revocations'));

/** What the API answers this token now. */
async function statusOf(token: string): Promise<number> {
  return (await call(e2e.server, 'GET', '/region', undefined, token)).status;
}

/** Picks the lender's only business and waits for its figures' greeting. */
async function toBusinessDashboard(page: Page) {
  await page.goto('/business-selector');
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Welcome back, Nyokabi Lender' }).waitFor();
}

async function logOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await waitForPath(page, '/');
  await page.getByText('Logged out successfully!').waitFor();
}

describe('logging out in Chromium', () => {
  it('ends the session on the server: the old token gets 401 from the API', async () => {
    const lender = await approvedLender(e2e.server, 'Kerubo');
    const page = await e2e.newPage();
    await signIn(page, { role: 'lender', email: lender.email, password: LENDER_PASSWORD });
    const token = (await storedToken(page))!;
    expect(await statusOf(token)).toBe(200);

    await logOutFromMenu(page);
    expect(await storedToken(page)).toBeNull();
    await eventually(async () => (await statusOf(token)) === 401);
    await eventually(async () => (await pending(page)) === null);
  });

  it('an agent logging out offline ends the session once the phone is back online', async () => {
    const lender = await approvedLender(e2e.server, 'Wekesa');
    const agent = await activeAgent(e2e.server, lender);
    const page = await e2e.newPage({ viewport: PHONE, serviceWorker: true });
    await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
    // The service worker serves the app's files while the phone is offline.
    await untilWorkerControls(page);
    const token = (await storedToken(page))!;

    await goOffline(page);
    await logOutFromMenu(page);
    expect(await storedToken(page)).toBeNull();
    // Nothing reached the server: the token still works, and waits on the phone.
    expect(await statusOf(token)).toBe(200);
    expect(JSON.parse((await pending(page))!)).toEqual([token]);
    await snap(page, 'logged-out-offline-phone');

    await goOnline(page);
    await eventually(async () => (await statusOf(token)) === 401);
    await eventually(async () => (await pending(page)) === null);
  });
});

describe('Access Denied', () => {
  it('offers Log out to a signed-in user, which ends the session', async () => {
    const lender = await approvedLender(e2e.server, 'Jelimo');
    const agent = await activeAgent(e2e.server, lender);
    const page = await e2e.newPage({ viewport: PHONE });
    await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
    const token = (await storedToken(page))!;

    await page.goto('/dashboard/loans');
    await waitForPath(page, '/unauthorized');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('link', { name: 'Go Back Home' }).waitFor();
    await snap(page, 'access-denied-phone');
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    expect(await storedToken(page)).toBeNull();
    await eventually(async () => (await statusOf(token)) === 401);

    // Signed out, the page has nothing to log out of.
    await page.goto('/unauthorized');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
  });
});

describe('a lender blocked, then activated again', () => {
  let lender: Lender;
  beforeAll(async () => {
    lender = await approvedLender(e2e.server, 'Nyokabi');
  });

  it('is signed out when blocked, sees Access Denied when signing in, and reaches its dashboard once activated', async () => {
    const admin = await adminToken(e2e.server);
    const page = await e2e.newPage();
    await signIn(page, { role: 'lender', email: lender.email, password: LENDER_PASSWORD });
    await toBusinessDashboard(page);

    const blocked = await call(
      e2e.server,
      'PATCH',
      `/admin/lender/${lender.id}/block`,
      undefined,
      admin,
    );
    expect(blocked.status).toBe(200);
    await page.goto('/dashboard/loans');
    await waitForPath(page, '/');
    expect(await storedToken(page)).toBeNull();

    // Signed in while blocked: Access Denied, with Log out.
    await signIn(page, {
      role: 'lender',
      email: lender.email,
      password: LENDER_PASSWORD,
      landing: '/unauthorized',
    });
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await snap(page, 'access-denied-blocked-lender');

    // Activated: the page learns it at the next check (every 30 s, and on focus).
    const activated = await call(
      e2e.server,
      'PATCH',
      `/admin/lender/activate/${lender.id}`,
      undefined,
      admin,
    );
    expect(activated.status).toBe(200);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
    await toBusinessDashboard(page);

    // And a fresh sign-in after logging out goes straight to the dashboard.
    await logOutFromMenu(page);
    await signIn(page, { role: 'lender', email: lender.email, password: LENDER_PASSWORD });
    await toBusinessDashboard(page);
  });
});
