/**
 * A screen that fails never leaves a blank page: a render error shows a sentence with a
 * way out (Reload, Go to dashboard, Log out) while the dashboard's sidebar stays usable,
 * and a code chunk that cannot be loaded (an old page after a deploy) makes the app
 * reload once by itself before it says a new version is there. The toast container's code,
 * loaded with the first toast, is fetched again when a load fails instead of blanking the app,
 * and a press on a menu whose code arrives meanwhile still opens it. The sidebar's code and
 * the service worker's registration, cut halfway, are asked for again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/fixtures';
import { authText } from '../../src/i18n/auth';
import { ADMIN_EMAIL } from '../support/test-server';
import {
  cutFirstRequest,
  startE2E,
  toast,
  untilWorkerControls,
  waitForPath,
  type E2E,
} from './support';

let e2e: E2E;
let admin: string;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await adminToken(e2e.server);
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInAsAdmin(): Promise<Page> {
  const page = await e2e.newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('jwt', token), admin);
  return page;
}

describe('error boundaries in Chromium', () => {
  it('a screen that throws shows a way out, and the sidebar still works', async () => {
    const page = await signedInAsAdmin();
    // The pending lenders answer something no screen expects: the page cannot render it.
    await page.route('**/api/admin/lenders/pending', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":42}' }),
    );
    await page.goto('/dashboard/admin/approval');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong on this screen' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    await alert.getByRole('button', { name: 'Log out' }).waitFor();
    // The shell is still there: another screen opens from the sidebar.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit Logs' })
      .click();
    await waitForPath(page, '/dashboard/audit-logs');
    await page.getByRole('heading', { name: 'Audit Logs' }).waitFor();
    expect(await alert.count()).toBe(0);
    // Go to dashboard from the error screen.
    await page.goto('/dashboard/admin/approval');
    await alert.getByRole('button', { name: 'Go to dashboard' }).click();
    await waitForPath(page, '/dashboard');
  });

  it("the sidebar's code cut halfway is asked for again, and the sidebar fills", async () => {
    const page = await e2e.newPage();
    const requests = await cutFirstRequest(page, 'staff-menu');
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('jwt', token), admin);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit Logs' })
      .waitFor();
    expect(requests()).toBe(2);
  });

  it("the service worker's registration, its code cut halfway, is tried again once back online", async () => {
    const page = await e2e.newPage({ serviceWorker: true });
    const requests = await cutFirstRequest(page, 'workbox-window.prod.es5');
    await page.goto('/register/lender');
    await expect.poll(requests).toBe(1);
    const registered = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    expect(await registered()).toBe(false);
    // The phone is back online: the app registers its worker, which takes the page.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await untilWorkerControls(page);
    expect(requests()).toBe(2);
  });

  it('a chunk that cannot be loaded reloads the page once, then says a new version is there', async () => {
    const page = await signedInAsAdmin();
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    // The audit log screen's code is gone from the server (a deploy replaced it).
    await page.route(/\/assets\/audit-logs-page-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.goto('/dashboard/audit-logs');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'A new version of Mkopo is available' });
    await alert.waitFor();
    // The first load and exactly one reload by the app: no loop.
    expect(documents).toBe(2);
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    // Once the code is there again, Reload brings the screen.
    await page.unroute(/\/assets\/audit-logs-page-[^/]+\.js$/);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Audit Logs' }).waitFor();
  });
  it('toasts whose code fails to load leave the screen as it was, and show once it loads', async () => {
    const page = await e2e.newPage();
    // The first request for the toast container is cut halfway (the connection dropped).
    // The retry asks for the same file under a query string of its own (retryable-import.ts).
    const toasterRequests = await cutFirstRequest(page, 'toaster');
    // A page the app runs (a login runs its own island, and draws its own toast).
    await page.goto('/register/lender');
    await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password/).fill('Mkopo#2026');
    await page.getByLabel(/^Confirm Password/).fill('Mkopo#2026');
    await page.getByRole('button', { name: 'Register' }).click();
    // The failed registration's toast arrives when the code is fetched again, by itself.
    await toast(page, authText.registrationFailedTitle).waitFor();
    expect(toasterRequests()).toBe(2);
    // Meanwhile the screen stayed as it was, with its own inline message.
    await page.getByRole('heading', { name: authText.registerTitle }).waitFor();
    await page.locator('form').getByText(authText.emailTaken).waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(ADMIN_EMAIL);
  });
  it('a press on the user menu while its code arrives still opens the menu', async () => {
    // No service worker: every request for the menus' code reaches the route below.
    const context = await e2e.browser.newContext({
      baseURL: e2e.cable.url,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('jwt', token), admin);
      // The menus' code is held back until the button is pressed.
      const overlays = /\/assets\/overlays-[^/]+\.js$/;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(overlays, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard');
      const button = page.getByRole('button', { name: 'User menu' });
      await button.waitFor();
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // The code arrives while the button is held down, and the app has taken it in.
      const arrived = page.waitForResponse(overlays);
      release();
      const url = (await arrived).url();
      // (A string, so that vitest leaves this import() alone: it runs in the page.)
      await page.evaluate(`(async () => {
        await import(${JSON.stringify(url)});
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      })()`);
      await page.mouse.up();
      await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
