/**
 * The prerendered public pages (docs/architecture.md §8): the server sends the landing page,
 * the three logins, registration and forgot-password as HTML that paints on its own (the
 * critical CSS inline, the full stylesheets not blocking), in the theme the user chose,
 * and the app hydrates it without a mismatch. Every other route gets the app shell, whose
 * root holds the signed-in shell's placeholder (src/app/shell/shell-skeleton.tsx).
 */
import { Anchor, AppShell, SegmentedControl, Stepper, Tabs } from '@mantine/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authText } from '../../src/i18n/auth';
import { landingText } from '../../src/i18n/landing';
import { shellText } from '../../src/i18n/shell';
import { prerenderedPages } from '../../src/lib/prerendered-pages';
import { storageKeys } from '../../src/lib/storage-keys';
import { DESKTOP, PHONE, startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Console errors and page errors (a hydration mismatch, a CSP refusal) while `page` lives. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const heroTitle = new RegExp(landingText.hero.titleStart);

/** Waits until a sign-in page's island runs its form (src/sign-in-islands.ts): it enables it. */
async function waitForIsland(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector<HTMLFieldSetElement>('form fieldset')?.disabled === false,
  );
}

/** Whether React has touched anything in the page's root. */
function reactInRoot(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root *')].some((element) =>
      Object.keys(element).some((key) => key.startsWith('__react')),
    ),
  );
}

/** The scripts the page requests from /assets/ from now on, as it requests them. */
function assetScriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) {
      scripts.push(pathname);
    }
  });
  return scripts;
}

/**
 * A page of islands: nothing in it was hydrated, its one script is `island` (never the app's
 * entry), and the PWA installs from it (its service worker registers there).
 */
async function expectIslandsOnly(page: Page, scripts: string[], island: RegExp): Promise<void> {
  expect(await reactInRoot(page)).toBe(false);
  expect(scripts, String(scripts)).toHaveLength(1);
  expect(scripts[0], String(scripts)).toMatch(island);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
  ).toMatch(/\/service-worker\.js$/);
}

/** Waits until React has hydrated the element (it then carries React's own properties). */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

describe('prerendered public pages', () => {
  it('each public page arrives as painted HTML with its CSS inline; other routes get the app shell with its placeholder', async () => {
    for (const { path } of prerenderedPages) {
      const response = await fetch(`${e2e.server.url}${path}`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>.*?<\/noscript>/g, '');
      // Markup, not an empty root (a Suspense boundary's marker may come first).
      expect(/<div id="root">(?:<!--\$-->)?<[a-z]/.test(html), path).toBe(true);
      // The critical CSS is in the page; no stylesheet in <head> holds back the first paint.
      const inlineCss = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
      expect(inlineCss.length, path).toBeGreaterThan(1000);
      const stylesheets = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      expect(stylesheets.length, path).toBeGreaterThan(0);
      for (const link of stylesheets) expect(link, path).toContain('media="print"');
    }
    const landing = await (await fetch(`${e2e.server.url}/`)).text();
    expect(landing).toContain(landingText.hero.titleStart);

    // Every other route gets the app shell: the signed-in shell's placeholder, no page.
    const shell = await (await fetch(`${e2e.server.url}/dashboard/borrowers`)).text();
    expect(shell).toMatch(/<div id="root">(?:<link [^>]*>)?<div class="[^"]*\bshell-skeleton"/);
    expect(shell).not.toContain(landingText.hero.titleStart);
    // It preloads the signed-in first screen's chunks beside the entry, instead of asking for
    // them once the entry has run (build/prerender.ts).
    const preloads = [
      ...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g),
    ].map(([, href]) => href!);
    expect(preloads.some((href) => /^\/assets\/first-screen-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloads) {
      expect((await fetch(`${e2e.server.url}${href}`)).status, href).toBe(200);
    }
  });

  it("carries the rules of the Mantine components a page draws, the shell's first sheets only those of the first screen, and a page's own rules after them", async () => {
    const stylesheetsOf = async (path: string) => {
      const html = await (await fetch(`${e2e.server.url}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>.*?<\/noscript>/g, '');
      const hrefs = [...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
        ([, href]) => href!,
      );
      const sheets = await Promise.all(
        hrefs.map(async (href) => (await fetch(`${e2e.server.url}${href}`)).text()),
      );
      return { html, hrefs, sheets };
    };
    const rulesFor = (css: string, name: string) => css.includes(`.${name}`);

    // Each Mantine class a prerendered page's markup carries has its rules among the page's
    // stylesheets: a component drawn without its sheet would be unstyled.
    for (const { path } of prerenderedPages) {
      const { html, sheets } = await stylesheetsOf(path);
      const body = html.slice(html.indexOf('<body'));
      const classes = new Set([...body.matchAll(/\bm_[0-9a-f]{6,8}\b/g)].map(([name]) => name));
      expect(classes.size, path).toBeGreaterThan(5);
      const css = sheets.join('\n');
      expect(
        [...classes].filter((name) => !rulesFor(css, name)),
        path,
      ).toEqual([]);
    }

    // The shell's sheets hold the frame the placeholder paints in, not the rules of
    // components only other screens draw.
    const shell = (await stylesheetsOf('/dashboard')).sheets.join('\n');
    expect(rulesFor(shell, AppShell.classes.root!)).toBe(true);
    for (const component of [Stepper, Tabs, SegmentedControl]) {
      expect(rulesFor(shell, component.classes.root!)).toBe(false);
    }

    // A page's own sheet comes after those of the components it draws, so its rules win.
    const landing = await stylesheetsOf('/');
    expect(landing.hrefs.at(-1)).toMatch(/\/landing-page-[\w-]+\.css$/);
    const login = await stylesheetsOf('/login/agent');
    const layout = login.hrefs.findIndex((href) => /\/auth-layout-[\w-]+\.css$/.test(href));
    const anchor = login.sheets.findIndex((css) => rulesFor(css, Anchor.classes.root!));
    expect(layout).toBeGreaterThan(-1);
    expect(anchor).toBeGreaterThan(-1);
    expect(anchor).toBeLessThan(layout);
  });

  it("loads the shell's menus without the sign-in pages' code", () => {
    const manifest = buildManifest();
    const files = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) files(imported, seen);
      return seen;
    };
    const overlays = Object.keys(manifest).filter((key) =>
      /^assets\/overlays-[\w-]+\.js$/.test(manifest[key]!.file),
    );
    expect(overlays).toHaveLength(1);
    const loaded = [...files(overlays[0]!)].flatMap((key) => [
      manifest[key]!.file,
      ...(manifest[key]!.css ?? []),
    ]);
    // Its own code and sheet, and chunks the first screen has loaded already; the language
    // item it shares with the agent's sign-in once pulled in the sign-in pages' whole chunk.
    expect(loaded.filter((file) => /\/(sign-in|auth-layout)/.test(file))).toEqual([]);
    expect(loaded).toContain(manifest[overlays[0]!]!.file);
  });

  it("holds the agent's bottom-bar screens in one chunk, which the offline sync's code does not load", () => {
    const manifest = buildManifest();
    const screens = Object.keys(manifest).filter((key) =>
      /^assets\/agent-screens-[\w-]+\.js$/.test(manifest[key]!.file),
    );
    expect(screens).toHaveLength(1);
    // Borrowers, Loan Application, Follow-ups and Create Borrower's form are in it: none is a
    // chunk of its own, which a tap would fetch, then each file it imports, in turn.
    for (const page of [
      'src/features/borrowers/pages/borrowers-page.tsx',
      'src/features/borrowers/components/borrower-form.tsx',
      'src/features/loans/pages/loan-application-page.tsx',
      'src/features/follow-ups/pages/follow-ups-page.tsx',
    ]) {
      expect(manifest[page]).toBeUndefined();
    }
    // The working set's code loads after every open, and the failed load of a file it imports
    // is kept for good: it must not wait for the screens' chunk, nor fail with it.
    expect(manifest['src/offline/working-set/runtime.ts']!.imports).not.toContain(screens[0]);
  });

  it('paints without any script or stylesheet file, in the dark theme when the phone is dark', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const errors = errorsOf(page);
    await page.route(/\/assets\/.*\.(?:js|css)$/, (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'dark' });

    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: heroTitle }).isVisible())
      .toBe(true);
    // The inline colour-scheme script ran under the CSP, and the inline CSS themed the page.
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(
      'dark',
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(36, 36, 36)',
    );

    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login/agent');
    expect(await page.getByLabel(/^Email/).isVisible()).toBe(true);
    // Until the app runs the form, its button cannot make the browser send it as a GET.
    expect(await page.getByRole('button', { name: authText.signIn }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    // Only the aborted files are reported; no CSP refusal of the inline scripts.
    expect(errors.filter((error) => !/ERR_FAILED|Failed to load/.test(error))).toEqual([]);
  });

  it('the landing page runs its islands script, not the app: the toggle, the FAQ and the top bar work, and its login link opens a working form', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, serviceWorker: true });
    const errors = errorsOf(page);
    const scripts = assetScriptsOf(page);

    await page.goto('/');
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: landingText.nav.toggleTheme }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.theme)).toBe('dark');

    const first = landingText.faq.columns[0]![0]!;
    const question = page.getByRole('button', { name: first.question });
    expect(await page.getByText(first.answer).isVisible()).toBe(false);
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByText(first.answer).isVisible()).toBe(true);
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('#root header')!.hasAttribute('data-solid')),
      )
      .toBe(true);

    await expectIslandsOnly(page, scripts, /\/landing-islands-[\w-]+\.js$/);

    // The login link is a plain link to the prerendered page, which runs its own island; the
    // theme chosen on the landing page holds there.
    await page.getByRole('link', { name: landingText.nav.login, exact: true }).first().click();
    await page.waitForURL('**/login/lender');
    await waitForIsland(page);
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(
      'dark',
    );
    expect(errors).toEqual([]);
  });

  it("ends every page's head with the theme's variables, which win over Mantine's defaults once the app runs", async () => {
    const themeStyle = '<style data-mantine-styles="true">';
    for (const path of [...prerenderedPages.map((page) => page.path), '/dashboard']) {
      const html = await (await fetch(`${e2e.server.url}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // After every stylesheet (Mantine's defaults are in them), and not in the root, where
      // hydration does not expect it.
      expect(head.indexOf(themeStyle), path).toBeGreaterThan(
        head.lastIndexOf('<link rel="stylesheet"'),
      );
      expect(head, path).toContain('<style data-mantine-styles="classes">');
      expect(html.indexOf(themeStyle, head.length), path).toBe(-1);
      expect(head, path).toContain(
        '--mantine-primary-color-filled: var(--mantine-color-teal-filled)',
      );
    }

    // The brand's green (teal 8), not Mantine's default blue, once the page has hydrated and
    // on a screen the app renders from the shell; in the dark theme too.
    const brand = 'rgb(11, 122, 85)';
    const filled = (page: Page) =>
      page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.background = 'var(--mantine-primary-color-filled)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: PHONE });
      const errors = errorsOf(page);
      await page.emulateMedia({ colorScheme });
      await page.goto('/forgot-password');
      await waitForHydration(page, 'form');
      expect(await filled(page), colorScheme).toBe(brand);
      // Signed out, the app sends the dashboard's visitor to the landing page it renders.
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: heroTitle }).waitFor();
      expect(await filled(page), colorScheme).toBe(brand);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('hydrates without a mismatch: the form validates, with no console error', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const errors = errorsOf(page);

    await page.goto('/forgot-password');
    await waitForHydration(page, 'form');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: authText.sendResetLink }).click();
    await expect.poll(() => page.getByText(authText.invalidEmail).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a form cannot be typed into or sent before its code runs; then it works', async () => {
    // A login's island, and the app on a page it hydrates.
    for (const [path, script, button] of [
      ['/login/agent', /\/assets\/sign-in-islands-[^/]*\.js$/, authText.signIn],
      ['/forgot-password', /\/assets\/index-[^/]*\.js$/, authText.sendResetLink],
    ] as const) {
      const page = await e2e.newPage({ viewport: PHONE });
      const errors = errorsOf(page);
      // The code arrives late, as on slow data.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(script, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByLabel(/^Email/).waitFor();
      // Typed text would stay on screen but never reach the form; a tap would send it as a GET.
      expect(await page.getByLabel(/^Email/).isEditable(), path).toBe(false);
      expect(await page.getByRole('button', { name: button }).isDisabled(), path).toBe(true);
      release();
      await page.getByLabel(/^Email/).fill('not-an-email');
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => page.getByText(authText.invalidEmail).isVisible()).toBe(true);
      expect(page.url(), path).not.toContain('?');
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  it('a page whose code is gone after a deploy reloads once, then offers the new version', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    // The sign-in pages' chunk (build/first-screen-chunks.ts) holds the forgotten password's page.
    await page.route(/\/assets\/sign-in-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.goto('/forgot-password');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'A new version of Mkopo is available' });
    await alert.waitFor();
    expect(documents).toBe(2);
  });

  it('a login runs its island, never the app: fields, toggle, failure and success, with no console error', async () => {
    const page = await e2e.newPage({ viewport: PHONE, serviceWorker: true });
    const errors = errorsOf(page);
    const scripts = assetScriptsOf(page);
    await page.goto('/login/lender');
    await waitForIsland(page);
    const email = page.getByLabel(/^Email/);
    const password = page.getByLabel(/^Password/);
    const signIn = page.getByRole('button', { name: authText.signIn });

    // Each field's first broken rule under it, gone once the field changes.
    await signIn.click();
    await page.getByText(authText.emailRequired).waitFor();
    expect(await page.getByText(authText.passwordRequired).isVisible()).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('not-an-email');
    expect(await page.getByText(authText.emailRequired).count()).toBe(0);
    await signIn.click();
    await page.getByText(authText.invalidEmail).waitFor();
    expect(await email.getAttribute('aria-describedby')).toMatch(/-error$/);

    // The password's show/hide toggle.
    await password.fill('Wrong#2026');
    await page.locator('.mantine-PasswordInput-visibilityToggle').click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.locator('.mantine-PasswordInput-visibilityToggle').click();
    expect(await password.getAttribute('type')).toBe('password');

    // A wrong password: the alert and the toast, and the form works again.
    await email.fill('nobody@example.com');
    await signIn.click();
    await page.getByRole('alert').getByText(authText.invalidCredentials).waitFor();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: authText.loginFailed })
      .waitFor();
    expect(await signIn.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login/lender');

    await expectIslandsOnly(page, scripts, /\/sign-in-islands-[\w-]+\.js$/);

    // A lender who signs in lands on the dashboard, which says so.
    const lender = 'island.lender@example.co.ke';
    const register = await fetch(`${e2e.server.url}/api/auth/lender/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: lender, password: 'Mkopo#2026' }),
    });
    expect(register.ok).toBe(true);
    await email.fill(lender);
    await password.fill('Mkopo#2026');
    await signIn.click();
    await page.waitForURL((url) => url.pathname !== '/login/lender');
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: authText.loginSuccess })
      .waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeTruthy();
    // The browser reports the refused sign-in's answer (401) itself; nothing else.
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it('a phone set to Kiswahili gets the page drawn in Kiswahili, not the English HTML', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const errors = errorsOf(page);
    await page.goto('/login/agent');
    // Chosen with the switch on the English page, as a user would: the island stores it and
    // reloads, and the app draws the page.
    await waitForIsland(page);
    await page.getByRole('button', { name: shellText.switchLanguageLabel }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Ingia' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: authText.signIn }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

/** The build's manifest: each chunk, the chunks it imports and its stylesheets. */
function buildManifest() {
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  return JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
}
