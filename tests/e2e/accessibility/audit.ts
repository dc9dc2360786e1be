/**
 * Accessibility (WCAG 2.0/2.1 A and AA): axe-core audits every route of every role, in
 * the light and the dark theme, at the size each role uses (phones for agents and the
 * public pages, desktops for lenders, admins and the public pages), and with each dialog
 * a signed-in screen offers open (its buttons and row menus are tried one kind at a
 * time). A serious or critical violation fails the test, so a new screen or dialog
 * cannot regress. The screens show real data: a lender with a business, plans, an agent, a
 * borrower and loans in several states made through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../../support/fixtures';
import { applyForLoan, deposit, disbursedLoan, pay } from '../../support/money';
import { call } from '../../support/test-server';
import { DESKTOP, PHONE, startE2E, type E2E } from '../support';

type Theme = 'light' | 'dark';
type Finding = { screen: string; id: string; impact: string; help: string; targets: string[] };

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let admin: string;
let borrowerId: number;
let activeLoanId: number;
let overpaidLoanId: number;
let pendingLenderId: number;

const SERIOUS = new Set(['serious', 'critical']);
/** Printed at the end: which dialogs the audit reached. */
const dialogsAudited: string[] = [];

/**
 * The audit's server, browser and data, made afresh for each of its files (their test
 * files may share a process, and this module with it).
 */
function setUpAudit() {
  beforeAll(async () => {
    dialogsAudited.length = 0;
    e2e = await startE2E();
    const { server } = e2e;
    admin = await adminToken(server);
    lender = await approvedLender(server, 'Audit');
    agent = await activeAgent(server, lender);
    const cycle = await createCycle(server, lender, 7);
    const plan = await createPlan(server, lender, { repaymentCycleId: cycle.id });
    await deposit(server, lender, 100_000);
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    borrowerId = borrower.id;
    const active = await disbursedLoan(server, agent, lender, {
      borrowerId,
      planId: plan.id,
      principal: 5_000,
    });
    activeLoanId = active.id;
    // A mistyped account number: an unmatched repayment for Manual Match.
    await pay(server, {
      paybill: lender.paybill,
      account: 'NOSUCHCODE',
      amount: 150,
      transId: 'AUDIT00001',
    });
    const second = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    await applyForLoan(server, agent, lender, {
      borrowerId: second.id,
      planId: plan.id,
      principal: 2_000,
    });
    // Paid 1,000 more than it owes: the Refunds detail offers its refund dialog.
    const third = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const overpaid = await disbursedLoan(server, agent, lender, {
      borrowerId: third.id,
      planId: plan.id,
      principal: 1_000,
    });
    overpaidLoanId = overpaid.id;
    await pay(server, {
      paybill: lender.paybill,
      account: overpaid.loanCode,
      amount: overpaid.initialAmount + 1_000,
      transId: 'AUDIT00002',
    });
    const pending = await call(server, 'GET', '/admin/lenders/pending', undefined, admin);
    pendingLenderId = (pending.body as { id: number }[])[0]?.id ?? lender.id;
  }, 180_000);

  afterAll(async () => {
    console.log(`Dialogs audited (${dialogsAudited.length}):\n${dialogsAudited.join('\n')}`);
    await e2e?.close();
  });
}

async function openAs(
  token: string | null,
  viewport: { width: number; height: number },
  theme: Theme,
  business: { id: number; businessName: string } | null,
): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  trackRequests(page);
  await page.goto('/');
  await page.evaluate(
    ({ token, theme, business }) => {
      if (token) localStorage.setItem('jwt', token);
      localStorage.setItem('vite-ui-theme', theme);
      if (business) localStorage.setItem('mkopo-selected-business', JSON.stringify(business));
    },
    { token, theme, business },
  );
  return page;
}

/** Goes to `route` inside the running app: the router follows history, as on a link. */
async function navigateInApp(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  const [pathname = '', search = ''] = route.split('?');
  await page.waitForFunction(
    ({ pathname, search }) =>
      window.location.pathname === pathname &&
      window.location.search === (search ? `?${search}` : ''),
    { pathname, search },
  );
}

/** Whether the page's address is `route` (its path and query). */
async function isAt(page: Page, route: string): Promise<boolean> {
  return page.evaluate((to) => window.location.pathname + window.location.search === to, route);
}

/** Each page's requests in flight, and when the last one ended. */
const traffic = new WeakMap<Page, { inFlight: number; lastEnded: number }>();

function trackRequests(page: Page) {
  const state = { inFlight: 0, lastEnded: Date.now() };
  traffic.set(page, state);
  page.on('request', () => {
    state.inFlight += 1;
  });
  const ended = () => {
    state.inFlight -= 1;
    state.lastEnded = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Waits until the page has had no request in flight for half a second since it was asked
 * (at most 10 s). Playwright's 'networkidle' is a state of the document's load: after a
 * navigation inside the app it holds already, before the new screen has even asked for its
 * data, and a busy machine then audited a list before its rows came (and never opened
 * their menus' dialogs).
 */
async function networkQuiet(page: Page) {
  const state = traffic.get(page);
  if (!state) return;
  const start = Date.now();
  while (Date.now() < start + 10_000) {
    const quietSince = Math.max(state.lastEnded, start);
    if (state.inFlight <= 0 && Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(100);
  }
}

/** Waits for the screen to settle: no loading text or skeleton left, fonts and data in. */
async function settle(page: Page) {
  await networkQuiet(page);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.mantine-Skeleton-root[data-visible="true"]') &&
        !document.body.innerText.includes('Loading...'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Mantine's transitions (drawers, modals) take up to 200 ms.
  await page.waitForTimeout(250);
}

/**
 * What a theme changes is colour, and only colour: the light theme's audit runs every rule,
 * the dark one's the rules that read colours (each theme's screen has the same elements,
 * names and roles). A dialog's audit reads the dialog: the screen behind it was audited
 * before it opened.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Waits (at most 3 s) until every tooltip on the screen is wholly opaque, and the screen's
 * tooltips and their opacity have not changed for `stillFor` ms.
 */
async function tooltipsOpaque(page: Page, stillFor: number): Promise<void> {
  await page
    .waitForFunction(
      (stillFor) => {
        const tips = Array.from(document.querySelectorAll('[role="tooltip"]'));
        const opacities = tips.map((tip) => getComputedStyle(tip).opacity);
        const state = tips.map((tip, i) => `${tip.id}:${opacities[i]}`).join(' ');
        const seen = window as unknown as { tooltipState?: string; tooltipSince?: number };
        if (seen.tooltipState !== state) {
          seen.tooltipState = state;
          seen.tooltipSince = performance.now();
        }
        const still = performance.now() - (seen.tooltipSince ?? 0) >= stillFor;
        return still && opacities.every((opacity) => opacity === '1');
      },
      stillFor,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => undefined);
}

async function audit(
  page: Page,
  screen: string,
  { theme, dialog = false }: { theme: Theme; dialog?: boolean },
): Promise<Finding[]> {
  // A tooltip shown on the button focus returned to is audited once it has faded in: its
  // colours half-way through the transition are not the ones anybody reads.
  await tooltipsOpaque(page, 0);
  // Legacy mode runs axe in the page itself: the default runs it per frame and then opens a
  // blank page to merge the frames' results, with axe injected into both, for every audit
  // (the app has no frames to merge). Only violations are reported in full: the passes'
  // nodes, which nothing reads, are what makes a result large to build and to send.
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  axe =
    theme === 'light'
      ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      : axe.withRules(COLOUR_RULES);
  if (dialog) axe = axe.include('[role="dialog"]');
  let result = await axe.analyze();
  // A tooltip whose code or open delay was still running at the check above fades in under
  // the audit (a busy machine): once the screen's tooltips have stayed the same and opaque
  // for 300 ms, the audit runs again, and its answer counts.
  const onTooltip = result.violations.some((violation) =>
    violation.nodes.some((node) => node.html.includes('role="tooltip"')),
  );
  if (onTooltip) {
    await tooltipsOpaque(page, 300);
    result = await axe.analyze();
  }
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
}

/** Buttons that act instead of opening something, or move away: never clicked here. */
const NOT_AN_OPENER =
  /refresh|retry|sync|log ?out|download|export|print|sign in|password|collapse|expand|clear|copy|switch business|theme|next|previous|page|^select$|^use |go to|back to|call |install|dismiss|close|^approve$|^activate$/i;

type Opener = { index: number; name: string; kind: string; menu: boolean };

/**
 * The buttons of the screen's main region that may open a dialog or a menu, one per
 * kind (`seen` holds the kinds already tried on this screen).
 */
async function openersOf(page: Page, seen: string[]): Promise<Opener[]> {
  const found = await page.locator('main button').evaluateAll(
    (buttons, { skip, known }) => {
      const pattern = new RegExp(skip, 'i');
      const kinds = new Set<string>(known);
      const openers: { index: number; name: string; kind: string; menu: boolean }[] = [];
      buttons.forEach((element, index) => {
        const button = element as HTMLButtonElement;
        const box = button.getBoundingClientRect();
        if (button.type === 'submit' || button.disabled || box.width === 0) return;
        if (button.getAttribute('role') === 'tab' || button.closest('[role="dialog"]')) return;
        const popup = button.getAttribute('aria-haspopup');
        if (popup === 'listbox' || button.closest('.mantine-Pagination-root')) return;
        // One row of a table stands for all of them.
        const row = button.closest('tbody tr');
        if (row && row !== row.parentElement?.firstElementChild) return;
        const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
        if (!name || pattern.test(name)) return;
        const kind = name
          .replace(/\d[\d,.\s]*/g, '#')
          .split(' ')
          .slice(0, 2)
          .join(' ');
        if (kinds.has(kind)) return;
        kinds.add(kind);
        openers.push({ index, name, kind, menu: popup === 'menu' });
      });
      return openers;
    },
    { skip: NOT_AN_OPENER.source, known: seen },
  );
  seen.push(...found.map((opener) => opener.kind));
  return found;
}

/** Audits the dialog a click opened, if one did, and closes it again. */
async function auditOpenedDialog(page: Page, screen: string, theme: Theme): Promise<Finding[]> {
  const dialog = page.locator('[role="dialog"]:visible');
  if ((await dialog.count()) === 0) return [];
  await page.waitForTimeout(300);
  const title = ((await dialog.first().getAttribute('aria-label')) ??
    (await dialog
      .first()
      .locator('h2')
      .first()
      .textContent()
      .catch(() => '')) ??
    '') as string;
  const name = `${screen} + dialog "${title.trim()}"`;
  dialogsAudited.push(name);
  const findings = await audit(page, name, { theme, dialog: true });
  await page.keyboard.press('Escape');
  await dialog
    .first()
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
  return findings;
}

/**
 * Opens each dialog the screen offers (its buttons, and the items of its row menus) and
 * audits the screen with it open: a dialog is where focus and contrast most often fail.
 */
async function auditDialogs(
  page: Page,
  route: string,
  screen: string,
  theme: Theme,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const seen: string[] = [];
  const at = page.url();
  const tabs = await page.locator('main [role="tab"]:not([data-active])').allTextContents();
  const back = async () => {
    await navigateInApp(page, route);
    await settle(page);
  };
  // What the screen shows first, then each of its other tabs.
  for (const tab of [null, ...tabs.slice(0, 6)]) {
    if (tab !== null) {
      const clicked = await page
        .locator('main [role="tab"]')
        .filter({ hasText: tab })
        .first()
        .click({ timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
      if (!clicked) continue;
      await settle(page);
    }
    const where = tab === null ? screen : `${screen} tab "${tab.trim()}"`;
    for (const opener of await openersOf(page, seen)) {
      const button = page.locator('main button').nth(opener.index);
      const click = () =>
        button.click({ timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      if (!(await click())) continue;
      await page.waitForTimeout(300);
      if (page.url() !== at) {
        await back();
        continue;
      }
      if (!opener.menu) {
        findings.push(...(await auditOpenedDialog(page, where, theme)));
        continue;
      }
      // A button with aria-haspopup="menu" opens one: its items are waited for, not
      // assumed there after the pause.
      await page
        .getByRole('menuitem')
        .first()
        .waitFor({ timeout: 3_000 })
        .catch(() => undefined);
      const items = (await page.getByRole('menuitem').allTextContents())
        .map((text) => text.trim())
        .filter((text) => text && !NOT_AN_OPENER.test(text));
      await page.keyboard.press('Escape');
      for (const item of items) {
        if (!(await click())) break;
        await page.getByRole('menuitem', { name: item, exact: true }).click({ timeout: 3_000 });
        await page.waitForTimeout(300);
        if (page.url() !== at) {
          await back();
          continue;
        }
        findings.push(...(await auditOpenedDialog(page, `${where} menu "${item}"`, theme)));
      }
    }
  }
  return findings;
}

async function auditRoutes(
  who: string,
  token: string | null,
  viewport: { width: number; height: number },
  routes: string[],
  business: { id: number; businessName: string } | null = null,
): Promise<Finding[]> {
  // The two themes are audited side by side: much of each screen's time is waiting
  // for its network to go quiet, which the other page's audit fills.
  const perTheme = await Promise.all(
    (['light', 'dark'] as const).map(async (theme) => {
      const findings: Finding[] = [];
      const page = await openAs(token, viewport, theme, business);
      for (const [index, route] of routes.entries()) {
        // The first screen loads the app; the others are reached inside it, as a user
        // does, instead of loading the whole app again for each. A visitor's pages are
        // each a document of its own: the landing page is static HTML with islands and no
        // router, so a route pushed there changed the address and left the landing page
        // on the screen, and its audit ran again under the next page's name.
        if (index === 0 || token === null) await page.goto(route);
        else await navigateInApp(page, route);
        await settle(page);
        // A screen that sends the app on by itself (the business selector, choosing the only
        // business) may do so after the next route was pushed: the audit then read the
        // dashboard under that route's name. Pushed once more, the route stays (a route that
        // redirects by design redirects again, and its audit reads where it leads).
        if (index > 0 && token !== null && !(await isAt(page, route))) {
          await navigateInApp(page, route);
          await settle(page);
        }
        const screen = `${who} ${theme} ${viewport.width}px ${route}`;
        findings.push(...(await audit(page, screen, { theme })));
        if (token) findings.push(...(await auditDialogs(page, route, screen, theme)));
      }
      await page.context().close();
      return findings;
    }),
  );
  return perTheme.flat();
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.screen}: [${f.impact}] ${f.id} — ${f.help} @ ${f.targets.join(' | ')}`);

const publicRoutes = [
  '/',
  '/login/lender',
  '/login/agent',
  '/login/admin',
  '/register/lender',
  '/forgot-password?type=agent',
  '/reset-password',
  '/reset-password?token=abc&type=agent',
  '/unauthorized',
];

/** The parts of the audit, each its own test file (own server and browser), side by side. */
export type AuditPart = 'public' | 'agent' | 'lender screens 1' | 'lender screens 2' | 'admin';

export function accessibilityTests(part: AuditPart) {
  describe(`axe on every screen: ${part}`, () => {
    setUpAudit();
    it.runIf(part === 'public')(
      'public pages, on a phone and a desktop',
      { timeout: 300_000 },
      async () => {
        const findings = [
          ...(await auditRoutes('visitor', null, PHONE, publicRoutes)),
          ...(await auditRoutes('visitor', null, DESKTOP, publicRoutes)),
        ];
        expect(report(findings)).toEqual([]);
      },
    );

    it.runIf(part === 'agent')('every agent screen on a phone', { timeout: 300_000 }, async () => {
      const business = { id: lender.businessId, businessName: 'Audit Capital' };
      const findings = await auditRoutes(
        'agent',
        agent.token,
        PHONE,
        [
          '/agent/business-selector',
          '/dashboard',
          '/dashboard/borrowers',
          `/dashboard/borrowers/${borrowerId}`,
          '/dashboard/loan-application',
          '/dashboard/loanplan/add',
          '/dashboard/loan-agreement',
          '/dashboard/follow-up',
          `/dashboard/follow-up/${activeLoanId}`,
          '/dashboard/agent/profile',
          '/dashboard/outbox',
          '/dashboard/help',
        ],
        business,
      );
      expect(report(findings)).toEqual([]);
    });

    it.runIf(part.startsWith('lender'))(
      'every lender screen on a desktop',
      { timeout: 400_000 },
      async () => {
        const business = { id: lender.businessId, businessName: 'Audit Capital' };
        const half = part === 'lender screens 1' ? 0 : 1;
        const findings = await auditRoutes(
          'lender',
          lender.token,
          DESKTOP,
          // Every other screen, so the two halves take about as long.
          [
            '/business-selector',
            '/dashboard',
            '/dashboard/lender-business-register',
            '/dashboard/lenderbusinessarea/add',
            '/dashboard/add/lenderbusiness/repayment-cycle',
            '/dashboard/loanplan/add',
            '/dashboard/loan-application',
            '/dashboard/loans',
            `/dashboard/loans/${activeLoanId}/statement`,
            '/dashboard/approve-loan',
            '/dashboard/manual-match',
            '/dashboard/fine',
            '/dashboard/repayments',
            '/dashboard/mpesa/inject',
            '/dashboard/mpesa/withdrawal',
            '/dashboard/refunds',
            `/dashboard/refunds/${activeLoanId}`,
            `/dashboard/refunds/${overpaidLoanId}`,
            '/dashboard/agent/register',
            `/dashboard/agent/update/${agent.id}`,
            '/dashboard/lender/profile',
            '/dashboard/reports',
          ].filter((_, index) => index % 2 === half),
          business,
        );
        expect(report(findings)).toEqual([]);
      },
    );

    it.runIf(part === 'lender screens 2')(
      'a toast, in both themes',
      { timeout: 120_000 },
      async () => {
        const business = { id: lender.businessId, businessName: 'Audit Capital' };
        const findings: Finding[] = [];
        for (const theme of ['light', 'dark'] as const) {
          const page = await openAs(lender.token, DESKTOP, theme, business);
          await page.goto('/dashboard/mpesa/withdrawal');
          await page.getByRole('textbox', { name: 'Phone Number' }).fill('0712345678');
          await page.getByRole('textbox', { name: 'Amount (KES)' }).fill('5');
          await page.getByRole('button', { name: 'Initiate M-Pesa' }).click();
          // A declined withdrawal: a destructive toast with a title, a message and a close button.
          await page.locator('.mantine-Notification-root').waitFor();
          await page.waitForTimeout(400);
          findings.push(...(await audit(page, `lender ${theme} toast`, { theme })));
          await page.context().close();
        }
        expect(report(findings)).toEqual([]);
      },
    );

    it.runIf(part === 'admin')(
      'every admin screen on a desktop',
      { timeout: 400_000 },
      async () => {
        const findings = await auditRoutes('admin', admin, DESKTOP, [
          '/dashboard',
          '/dashboard/approve-lender',
          '/dashboard/admin/approval',
          `/dashboard/approve-lender/${pendingLenderId}`,
          '/dashboard/lenders',
          '/dashboard/admin/profile',
          '/dashboard/add/lender/region',
          '/dashboard/business-types',
          '/dashboard/audit-logs',
          '/dashboard/messages',
          '/dashboard/customers',
          '/dashboard/settings',
          '/dashboard/admin/approvals',
          '/dashboard/reports',
          '/dashboard/reports/all-lenders',
          '/dashboard/reports/loan-performance',
          '/dashboard/reports/user-growth',
        ]);
        expect(report(findings)).toEqual([]);
      },
    );
  });
}
