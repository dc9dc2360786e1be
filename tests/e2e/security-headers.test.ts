/**
 * What the browser is told, in Chromium (the README's "What the browser is told"): the built PWA
 * served with its Content-Security-Policy and the other headers still registers its service worker,
 * is installable, signs in and shows its screens — landing, login, a lender's dashboard and loans,
 * an admin's review of a lender with a document photo, Swagger UI at /api/docs — without a single
 * CSP violation reported by the page or its console.
 *
 * A persistent profile, as in pwa.test.ts: Chromium never calls an incognito page
 * installable.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authText } from '../../src/i18n/auth';
import { dashboardsText } from '../../src/i18n/dashboards';
import { landingText } from '../../src/i18n/landing';
import { approvedLender } from '../support/fixtures';
import { scriptSrc } from '../support/csp';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  login,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import { answerAdminCode, startPersistentBrowser, waitForPath, signIn } from './support';

let server: TestServer;
let browser: Awaited<ReturnType<typeof startPersistentBrowser>> | undefined;
let context: BrowserContext;
/** CSP violations, from the page's securitypolicyviolation events and from the console. */
const violations: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { serveClient: true });
  // The admin's second factor, set up through the API: the admin screen then asks its code.
  await login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD);
  browser = await startPersistentBrowser(server);
  context = browser.context;
  // Both are injected by the browser itself (DevTools), not as page scripts: the CSP
  // under test does not apply to them.
  await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`);
    });
  });
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => pageErrors.push(String(error.error())));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function directivesOf(csp: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '').split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('the PWA under its Content-Security-Policy in Chromium', () => {
  it('the HTML and an API answer carry the headers', async () => {
    const page = await context.newPage();
    const html = await page.goto('/');
    const headers = html!.headers();
    expect(directivesOf(headers['content-security-policy'])).toMatchObject({
      'script-src': scriptSrc,
      'frame-ancestors': "'none'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
    });
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');

    const api = await page.evaluate(async () => {
      const response = await fetch('/api/health');
      return {
        status: response.status,
        cacheControl: response.headers.get('cache-control'),
        nosniff: response.headers.get('x-content-type-options'),
        referrer: response.headers.get('referrer-policy'),
      };
    });
    expect(api).toEqual({
      status: 200,
      cacheControl: 'no-store',
      nosniff: 'nosniff',
      referrer: 'no-referrer',
    });

    // The reset page (its token is in the address) sends no Referer anywhere.
    const reset = await page.goto('/reset-password?token=not-a-real-token&type=lender');
    expect(reset!.headers()['referrer-policy']).toBe('no-referrer');
    // No built file points at a source map, and none is served.
    const script = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')!.src,
    );
    const source = await (await fetch(script)).text();
    expect(source).not.toContain('sourceMappingURL');
    expect((await fetch(`${script}.map`)).status).toBe(404);
    await page.close();
  });

  it('the service worker registers and controls the page; Chromium finds the app installable', async () => {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.url}/service-worker.js`,
    );
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await cdp.detach();

    // A navigation the worker answers from its cache keeps the policy it was stored with.
    const again = await page.goto('/login/agent');
    expect(again!.fromServiceWorker()).toBe(true);
    expect(directivesOf(again!.headers()['content-security-policy'])['script-src']).toBe(scriptSrc);
    await page.close();
  });

  it('a lender signs in and sees the dashboard and the loans; an admin reviews a lender and opens /api/docs; no CSP violation', async () => {
    const lender = await approvedLender(server, 'Nyambura');
    const page = await context.newPage();

    await page.goto('/');
    await page.getByRole('link', { name: landingText.hero.getStarted }).first().waitFor();

    await signIn(page, { role: 'lender', email: lender.email, password: 'Lender#2026' });
    await page.getByText(dashboardsText.availableCapital).first().waitFor();
    await page.goto('/dashboard/loans');
    await page.getByRole('heading', { name: 'Loans', exact: true }).waitFor();
    await page.getByRole('table').first().waitFor();

    // An admin, on the lender's review page: the passport photo loads through a signed link.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login/admin');
    await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: authText.signIn }).click();
    await answerAdminCode(page, server);
    await waitForPath(page, '/dashboard');
    await page.goto(`/dashboard/approve-lender/${lender.id}`);
    const photo = page.getByRole('img', { name: 'Passport Photo' });
    await photo.waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('img[alt="Passport Photo"]')?.complete,
    );
    expect(await photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);

    // Swagger UI: its scripts, styles and pictures come from the server, and it reads the API.
    const docs = await page.goto('/api/docs');
    expect(docs!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByText('Mkopo API').first().waitFor();
    // Swagger UI draws the operations as they scroll into view (the whole list when it is
    // short): scroll down to one the API defines.
    const operation = page.getByText('/loan/apply').first();
    for (let i = 0; i < 40 && !(await operation.isVisible()); i++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(200);
    }
    await operation.waitFor();

    await page.close();
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
