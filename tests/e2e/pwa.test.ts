/**
 * The installable PWA in Chromium (docs/architecture.md §7,
 * the README's "Working offline (agents)"): the web
 * manifest and its icons, the service worker registering and controlling the page,
 * Chromium's own installability check, and routes opening offline after one visit.
 *
 * A persistent browser profile, not the incognito contexts of startE2E: Chromium never
 * calls an incognito page installable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authText } from '../../src/i18n/auth';
import { commonText } from '../../src/i18n/common';
import { dashboardsText } from '../../src/i18n/dashboards';
import { landingText } from '../../src/i18n/landing';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '../../src/offline/sync-tag';
import { shellText } from '../../src/i18n/shell';
import { storageKeys } from '../../src/lib/storage-keys';
import { activeAgent, approvedLender } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { PERSISTENT_PROFILE_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium';
import { startCable, type Cable } from './cable';
import { DESKTOP, goOffline, goOnline, PHONE, untilWorkerControls, wireNetwork } from './support';

let server: TestServer;
let cable: Cable;
let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer({}, { serveClient: true });
  cable = await startCable(server.url);
  profileDir = mkdtempSync(path.join(tmpdir(), 'mkopo-pwa-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    baseURL: cable.url,
    viewport: DESKTOP,
    args: PERSISTENT_PROFILE_ARGS,
  });
  wireNetwork(context, server, cable);
});
afterAll(async () => {
  await context?.close();
  await cable?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Opens `path` and waits until the service worker controls the page (precache complete). */
async function visitUntilControlled(page: Page, path: string) {
  await page.goto(path);
  await untilWorkerControls(page);
}

describe('the installable PWA in Chromium', () => {
  it('serves a valid web manifest with its icons, linked from index.html', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Mkopo — digital lending',
      short_name: 'Mkopo',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7a55',
      background_color: '#ffffff',
    });
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(purposes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, server.url));
      expect(image.headers.get('content-type')).toBe(icon.type);
      const { width, height } = pngSize(new Uint8Array(await image.arrayBuffer()));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    const page = await context.newPage();
    await page.goto('/');
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      themeColor: '#0b7a55',
      appleTouchIcon: '/icons/apple-touch-icon.png',
    });
    await page.close();
  });

  it('registers the service worker, which controls the page; Chromium finds the app installable', async () => {
    const page = await context.newPage();
    await visitUntilControlled(page, '/');
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptURL).toBe(`${cable.url}/service-worker.js`);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
    await page.close();
  });

  it("a Background Sync of the outbox's tag asks every open window to drain", async () => {
    const page = await context.newPage();
    await visitUntilControlled(page, '/login/agent');
    const messages: unknown[] = [];
    await page.exposeFunction('receivedFromWorker', (data: unknown) => messages.push(data));
    await page.evaluate(() => {
      const forward = (window as unknown as { receivedFromWorker: (data: unknown) => void })
        .receivedFromWorker;
      navigator.serviceWorker.addEventListener('message', (event) => forward(event.data));
    });
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${cable.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: cable.url,
      registrationId: await registration,
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
    });
    await expect.poll(() => messages).toEqual([{ type: OUTBOX_SYNC_MESSAGE }]);
    await cdp.detach();
    await page.close();
  });

  it('after one online visit, the landing page and /login/agent open offline', async () => {
    const page = await context.newPage();
    await visitUntilControlled(page, '/');
    await goOffline(page);
    try {
      const landing = await page.reload();
      expect(landing?.fromServiceWorker()).toBe(true);
      await page.getByRole('link', { name: landingText.hero.getStarted }).first().waitFor();

      const login = await page.goto('/login/agent');
      expect(login?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { name: authText.agentLoginTitle }).waitFor();
      await page.getByRole('button', { name: authText.signIn }).waitFor();
    } finally {
      await goOnline(page);
      await page.close();
    }
  });

  it("an agent's screens open offline on a phone, routes never visited online included", async () => {
    const lender = await approvedLender(server);
    const agent = await activeAgent(server, lender);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await visitUntilControlled(page, '/');
    await page.evaluate(
      ({ keys, token, business }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.selectedBusiness, JSON.stringify(business));
      },
      {
        keys: storageKeys,
        token: agent.token,
        business: { id: lender.businessId, businessName: 'Kamau Capital' },
      },
    );
    await goOffline(page);
    try {
      // Before any of the app's code runs (none may run here), the shell the worker answers
      // with paints the top bar and a page's outline, and axe finds nothing serious in it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await page.goto('/dashboard/borrowers');
      const banner = page.getByRole('banner');
      await banner.waitFor();
      expect(await banner.getByRole('img', { name: commonText.productName }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('main').getAttribute('aria-busy')).toBe('true');
      expect(await page.getByText(shellText.opening).count()).toBe(1);
      const box = await banner.boundingBox();
      expect(box?.height).toBe(60);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
      await cdp.detach();
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations
          .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
          .map((violation) => violation.id),
      ).toEqual([]);

      await page.goto('/dashboard');
      await page.getByRole('heading', { name: dashboardsText.agentTitle }).waitFor();
      await page.goto('/dashboard/borrowers');
      expect(new URL(page.url()).pathname).toBe('/dashboard/borrowers');
      await page.getByRole('navigation', { name: shellText.quickNavigation }).waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await goOnline(page);
      await page.close();
    }
  });
});
