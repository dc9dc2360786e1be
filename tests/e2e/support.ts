/**
 * End-to-end support: the real server (PWA + API, fresh database) on 127.0.0.1 and
 * Debian's Chromium driven by playwright-core (DESIGN.md §9).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/test-server';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export type E2E = {
  server: TestServer;
  browser: Browser;
  newPage: (options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  close: () => Promise<void>;
};

export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const server = await startTestServer(env, { serveClient: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: options.viewport ?? DESKTOP,
      });
      contexts.push(context);
      return context.newPage();
    },
    close: async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Chromium with a persistent profile (deleted on close), for what an incognito context
 * cannot show: Chromium never calls an incognito page installable.
 */
export async function startPersistentBrowser(
  server: TestServer,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'mkopo-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    baseURL: server.url,
    viewport: DESKTOP,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's path is `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/**
 * Saves a screenshot when SCREENSHOT_DIR is set (`SCREENSHOT_DIR=/tmp/shots npm run
 * test:e2e`), so a person can look at the screens a journey passes; a no-op otherwise.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * The newest toast (Mantine notification) that says `text`: one being replaced may still
 * be on its way out. Detached means none is left.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
}
