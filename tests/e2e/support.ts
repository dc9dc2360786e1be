/**
 * End-to-end support: the real server (PWA + API, fresh database) on 127.0.0.1 and
 * Debian's Chromium driven by playwright-core (docs/architecture.md §9), the browser reaching the
 * server through a cable the tests can pull (cable.ts), and goOffline/goOnline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { PNG } from '../support/files';
import { authText } from '../../src/i18n/auth';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  login,
  nextFactorCode,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import { CABLE_SOURCE_ADDRESS, startCable, type Cable } from './cable';
import {
  PERSISTENT_PROFILE_ARGS,
  TEST_CHROMIUM_ARGS,
  TEST_CHROMIUM_PATH,
} from '../support/chromium';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export type E2E = {
  server: TestServer;
  /** The browser's way to the server: every page opens the app at cable.url. */
  cable: Cable;
  browser: Browser;
  newPage: (options?: {
    viewport?: { width: number; height: number };
    serviceWorker?: boolean;
  }) => Promise<Page>;
  close: () => Promise<void>;
};

export type E2EOptions = {
  /**
   * The app's service worker in every page (false unless set). Registered, it downloads and
   * stores the whole precache in each new context, several seconds of this machine's
   * processor for every page a test opens; a file that never takes a phone offline has no
   * use for it (it serves the app's files and opens it offline, and leaves every API call to
   * the network). newPage({ serviceWorker }) decides for one page.
   */
  serviceWorker?: boolean;
};

export async function startE2E(
  env: Record<string, string> = {},
  options: E2EOptions = {},
): Promise<E2E> {
  const server = await startTestServer(env, { serveClient: true });
  // Administrators must have a second factor: the admin sets one up through the API here, so
  // a test signing in on the admin screen answers the code step (answerAdminCode).
  await login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD);
  const cable = await startCable(server.url);
  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: TEST_CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    server,
    cable,
    browser,
    newPage: async (wanted = {}) => {
      const serviceWorker = wanted.serviceWorker ?? options.serviceWorker ?? false;
      const context = await browser.newContext({
        baseURL: cable.url,
        viewport: wanted.viewport ?? DESKTOP,
        serviceWorkers: serviceWorker ? 'allow' : 'block',
        // As a phone set to reduce motion: dialogs and menus open without their 200 ms
        // transitions (the app's theme respects the setting), which the browser otherwise
        // draws frame by frame in software on every open and close, about a fifth of the
        // processor time of the accessibility audit.
        reducedMotion: 'reduce',
      });
      wireNetwork(context, server, cable, { serviceWorker });
      contexts.push(context);
      const page = await context.newPage();
      // The context's CDP id, read while online: a page session that detaches later
      // undoes that page's offline emulation (and one kept attached loses it on reload).
      networks.get(context)!.contextId = await contextIdOf(page);
      return page;
    },
    close: async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await cable.close();
      await server.close();
    },
  };
}

/**
 * The code step of the admin's sign-in, after the password: the code its authenticator
 * would show, from the secret test support set up (startE2E).
 */
export async function answerAdminCode(
  page: Page,
  server: TestServer,
  email: string = ADMIN_EMAIL,
): Promise<void> {
  await page.getByLabel(/^Code/).waitFor();
  const code = await nextFactorCode(server, email);
  // Test support answers with a recovery code when the app's codes of the moment are used.
  if (!/^\d{6}$/.test(code)) {
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  }
  await page.getByLabel(/^(Code|Recovery code)/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

export type SignInOptions = {
  /** Whose sign-in screen, /login/<role>. An admin also answers the code step. */
  role: 'agent' | 'lender' | 'admin';
  /** The first admin's, for an admin unless told. */
  email?: string;
  password?: string;
  /** The server whose authenticator secrets answer an admin's code step. */
  server?: TestServer;
  /** Go to the sign-in screen first (true unless told: false when the page is on it). */
  open?: boolean;
  /** The path the app lands on, waited for ('/dashboard' unless told); false: no wait. */
  landing?: string | false;
  /**
   * Then visit the business selector, which chooses an only business by itself and
   * returns to the dashboard.
   */
  selectBusiness?: boolean;
  /** Then wait until the app has chosen this business (the selection it stores). */
  businessId?: number;
  /** The form's labels in another language (English's from the catalogue unless told). */
  labels?: { email: RegExp; password: RegExp; signIn: string | RegExp };
};

/** The business the app has chosen for the signed-in person, as it stores it. */
export function selectedBusinessId(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('mkopo-selected-business');
    return raw ? (JSON.parse(raw) as { id: number }).id : null;
  });
}

/** Signs in on the app's sign-in screen, as a person would; answers the page. */
export async function signIn(page: Page, options: SignInOptions): Promise<Page> {
  const admin = options.role === 'admin';
  const email = options.email ?? (admin ? ADMIN_EMAIL : undefined);
  const password = options.password ?? (admin ? ADMIN_PASSWORD : undefined);
  if (email === undefined || password === undefined) throw new Error('signIn: whose?');
  const labels = options.labels ?? {
    email: /^Email/,
    password: /^Password/,
    signIn: authText.signIn,
  };
  if (options.open ?? true) await page.goto(`/login/${options.role}`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(password);
  await page.getByRole('button', { name: labels.signIn }).click();
  if (admin) {
    if (!options.server) throw new Error('signIn: an admin needs the server for its code');
    await answerAdminCode(page, options.server, email);
  }
  const landing = options.landing ?? '/dashboard';
  if (landing !== false) await waitForPath(page, landing);
  if (options.selectBusiness) {
    await page.goto(options.role === 'agent' ? '/agent/business-selector' : '/business-selector');
    await waitForPath(page, '/dashboard');
  }
  if (options.businessId !== undefined) {
    await expect.poll(() => selectedBusinessId(page)).toBe(options.businessId);
  }
  return page;
}

/**
 * A context's network, as goOffline and goOnline switch it: the cable, the server whose
 * log is checked, and while offline the CDP sessions that keep its service workers off
 * the network.
 */
type Network = {
  server: TestServer;
  cable: Cable;
  /** The context's id in CDP, to find its service workers. */
  contextId: string | null;
  /** The server's log length when the phone went offline; null while online. */
  offlineFrom: number | null;
  workers: WorkersOffline | null;
  /** The context lets the app register its service worker. */
  serviceWorker: boolean;
};

const networks = new WeakMap<BrowserContext, Network>();

/**
 * What each open context's pages said lately (console errors and warnings, uncaught errors,
 * failed requests), for the report of a failed test (tests/e2e/setup.ts): a wait that times
 * out says only what it waited for, not what the page showed instead.
 */
const watched = new Map<BrowserContext, string[]>();

function watch(context: BrowserContext): void {
  const lines: string[] = [];
  watched.set(context, lines);
  const note = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (lines.length > 30) lines.shift();
  };
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console.${message.type()}: ${message.text()}`);
  });
  context.on('weberror', (error) => note(`uncaught: ${error.error().message}`));
  context.on('requestfailed', (request) =>
    note(
      `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
    ),
  );
  context.on('close', () => watched.delete(context));
}

/** Each open page's address, what it shows, and what its context said lately. */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const [context, lines] of watched) {
    for (const page of context.pages()) {
      const shown = await page
        .evaluate(() => document.body?.innerText ?? '')
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      parts.push(`page ${page.url()}\n  shows: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`);
    }
    if (lines.length) parts.push(`  lately:\n    ${lines.join('\n    ')}`);
  }
  return parts.join('\n');
}

/** Routes a context's offline switches through this cable and server (startE2E does it). */
export function wireNetwork(
  context: BrowserContext,
  server: TestServer,
  cable: Cable,
  { serviceWorker = true }: { serviceWorker?: boolean } = {},
): void {
  watch(context);
  networks.set(context, {
    server,
    cable,
    contextId: null,
    offlineFrom: null,
    workers: null,
    serviceWorker,
  });
}

async function contextIdOf(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = await session.send('Target.getTargetInfo');
  await session.detach();
  return targetInfo.browserContextId ?? '';
}

function networkOf(target: Page | BrowserContext): Network {
  const network = networks.get('context' in target ? target.context() : target);
  if (!network) throw new Error('This context has no cable: open it with startE2E or wireNetwork');
  return network;
}

/**
 * Cuts the page's first request for a built script, as a connection dropped halfway through
 * the file, and lets every later one through; answers how many were asked for so far.
 * `chunk` is the file's name before its hash (`runtime` for assets/runtime-<hash>.js); the
 * app's retries ask for it under a query string (src/lib/retryable-import.ts).
 */
export async function cutFirstRequest(page: Page, chunk: string): Promise<() => number> {
  let requests = 0;
  const name = chunk.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.route(new RegExp(`/assets/${name}-[^/?]+\\.js(?:\\?[^/]*)?$`), (route) => {
    requests += 1;
    return requests === 1 ? route.abort('connectionreset') : route.continue();
  });
  return () => requests;
}

/**
 * Waits until the service worker has precached the app and controls the page: it takes
 * the open page when it activates (sw/service-worker.ts), so no reload is needed.
 */
export async function untilWorkerControls(page: Page): Promise<void> {
  if (networks.get(page.context())?.serviceWorker === false)
    throw new Error(
      'This page was opened without the service worker: startE2E(env, { serviceWorker: true }) or newPage({ serviceWorker: true })',
    );
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * No network for the phone, three ways at once, since each alone leaks: Playwright's
 * offline switch (the pages; it also tries the service workers, but a worker the browser
 * starts afresh may fetch before it applies), Network.emulateNetworkConditions over CDP on
 * every service-worker target of the context, present and to come, and the cable pulled
 * so that not even the browser's own requests (worker update checks, a sync event fired
 * because the machine is really online) reach the server. goOnline checks that none did.
 */
export async function goOffline(page: Page): Promise<void> {
  const network = networkOf(page);
  if (network.offlineFrom !== null) return;
  // An agent's phone has the app installed before it loses the network: its files come
  // from the worker's precache, not from a request the cable cuts halfway.
  await untilWorkerControls(page);
  network.cable.pull();
  // A request the browser sent just before the pull may still be in the server's socket
  // buffers: one round trip of the test's own (not through the cable) lets the server read
  // and log it first, so that only what came after the pull counts as leaked.
  await fetch(`${network.server.api}/health`).catch(() => undefined);
  network.offlineFrom = network.server.logs.length;
  network.contextId ??= await contextIdOf(page);
  network.workers = await takeWorkersOffline(page, network.contextId);
  await page.context().setOffline(true);
}

/**
 * The phone back online, after checking that the server saw nothing from it meanwhile;
 * a context whose pages are all closed (the app closed) comes back online too.
 */
export async function goOnline(target: Page | BrowserContext): Promise<void> {
  const network = networkOf(target);
  const context = 'context' in target ? target.context() : target;
  if (network.offlineFrom === null) return;
  expect(requestsThroughCable(network.server, network.offlineFrom)).toEqual([]);
  network.offlineFrom = null;
  await network.workers?.release();
  network.workers = null;
  network.cable.plugIn();
  await context.setOffline(false);
}

/** The requests the server logged from the browser (through the cable) since `from`. */
export function requestsThroughCable(server: TestServer, from: number): string[] {
  return server.logs.slice(from).flatMap((line) => {
    const req = line.req as { method?: string; url?: string; remoteAddress?: string } | undefined;
    return line.msg === 'incoming request' && req?.remoteAddress === CABLE_SOURCE_ADDRESS
      ? [`${req.method} ${req.url}`]
      : [];
  });
}

type WorkersOffline = { release: () => Promise<void> };

/**
 * Emulates offline on each service-worker target of the page's browser context over CDP
 * (the worker targets are reached from a browser-level session, or from the page's when
 * the context is a persistent one), including workers started while offline.
 */
async function takeWorkersOffline(page: Page, contextId: string): Promise<WorkersOffline> {
  const context = page.context();
  const browser = context.browser();
  // A persistent context has no browser object: its page's session reaches the workers.
  const cdp: CDPSession = browser
    ? await browser.newBrowserCDPSession()
    : await context.newCDPSession(page);
  const targetInfo = { browserContextId: contextId };

  const sessions = new Set<string>();
  const seen = new Set<string>();
  let nextId = 0;
  const conditions = (offline: boolean) => ({
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // Non-flattened sessions: Playwright's CDPSession speaks to one target only, so the
  // worker's commands travel inside Target.sendMessageToTarget.
  const sendToWorker = (sessionId: string, method: string, params: object) =>
    cdp
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: (nextId += 1), method, params }),
      })
      .catch(() => undefined);
  const attach = async (target: { targetId: string; type: string; browserContextId?: string }) => {
    if (target.type !== 'service_worker') return;
    if (target.browserContextId !== targetInfo.browserContextId) return;
    if (seen.has(target.targetId)) return;
    seen.add(target.targetId);
    const attached = await cdp
      .send('Target.attachToTarget', { targetId: target.targetId, flatten: false })
      .catch(() => null);
    if (!attached) return;
    sessions.add(attached.sessionId);
    await sendToWorker(attached.sessionId, 'Network.enable', {});
    await sendToWorker(attached.sessionId, 'Network.emulateNetworkConditions', conditions(true));
  };
  const onCreated = ({ targetInfo: target }: { targetInfo: Parameters<typeof attach>[0] }) =>
    void attach(target);
  cdp.on('Target.targetCreated', onCreated);
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = await cdp.send('Target.getTargets');
  await Promise.all(targetInfos.map(attach));

  return {
    release: async () => {
      cdp.off('Target.targetCreated', onCreated);
      for (const sessionId of sessions) {
        await sendToWorker(sessionId, 'Network.emulateNetworkConditions', conditions(false));
        await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      }
      await cdp.detach().catch(() => undefined);
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
 * snap() in the light theme and again, as `name-dark`, with the system theme dark (the
 * app follows it while no theme was chosen); a no-op without SCREENSHOT_DIR.
 */
export async function snapBothThemes(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await snap(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(
    () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
  );
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
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
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    baseURL: server.url,
    viewport: DESKTOP,
    args: PERSISTENT_PROFILE_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * The newest toast (Mantine notification) that says `text`: one being replaced may still
 * be on its way out. Detached means none is left.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
}

/**
 * A borrower registered in the two-step Create Borrower dialog of the open Borrowers
 * screen, in English: the details (last name Njoki) in `area`, a passport photo named
 * `${first}.png`, and the borrower's consent.
 */
export async function registerBorrowerInDialog(
  page: Page,
  {
    first,
    phone,
    idNumber,
    area,
  }: { first: string; phone: string; idNumber: string; area: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Create Borrower' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Borrower' });
  await dialog.getByLabel(/^First Name/).fill(first);
  await dialog.getByLabel(/^Last Name/).fill('Njoki');
  await dialog.getByLabel(/^Phone Number/).fill(phone);
  await dialog.getByLabel(/^Date of Birth/).fill('02/03/1991');
  await dialog.getByLabel(/^ID Number/).fill(idNumber);
  await dialog.getByLabel('Female').check();
  await dialog.getByLabel(/^Next of Kin Name/).fill('Peter Njoki');
  await dialog.getByLabel(/^Next of Kin Number/).fill('0711222444');
  await dialog.getByLabel(/^Relation/).fill('Brother');
  await dialog.getByLabel(/^Area/).click();
  await page.getByRole('option', { name: area }).click();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await dialog
    .locator('input[type="file"][name="passportPhoto"]')
    .setInputFiles({ name: `${first}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG) });
  await dialog.getByText(`${first}.png`).waitFor();
  await dialog.getByRole('checkbox', { name: 'The borrower agrees' }).check();
  await dialog.getByRole('button', { name: 'Create Borrower' }).click();
  await dialog.waitFor({ state: 'detached' });
}
