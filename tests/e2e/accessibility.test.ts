/**
 * Accessibility (WCAG 2.0/2.1 A and AA): axe-core audits every route of every role, in
 * the light and the dark theme, at the size each role uses (phones for agents and the
 * public pages, desktops for lenders, admins and the public pages), and with the main
 * dialogs open. A serious or critical violation fails the test, so a new screen cannot
 * regress. The screens show real data: a lender with a business, plans, an agent, a
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
} from '../support/fixtures';
import { applyForLoan, deposit, disbursedLoan, pay } from '../support/money';
import { call } from '../support/test-server';
import { DESKTOP, PHONE, startE2E, type E2E } from './support';

type Theme = 'light' | 'dark';
type Finding = { screen: string; id: string; impact: string; help: string; targets: string[] };

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let admin: string;
let borrowerId: number;
let activeLoanId: number;
let pendingLenderId: number;

beforeAll(async () => {
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
  const pending = await call(server, 'GET', '/admin/lenders/pending', undefined, admin);
  pendingLenderId = (pending.body as { id: number }[])[0]?.id ?? lender.id;
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

const SERIOUS = new Set(['serious', 'critical']);

async function openAs(
  token: string | null,
  viewport: { width: number; height: number },
  theme: Theme,
  business: { id: number; businessName: string } | null,
): Promise<Page> {
  const page = await e2e.newPage({ viewport });
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

/** Waits for the screen to settle: no loading text or skeleton left, fonts and data in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
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

async function audit(page: Page, screen: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
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
        // does, instead of loading the whole app again for each.
        if (index === 0) await page.goto(route);
        else await navigateInApp(page, route);
        await settle(page);
        findings.push(...(await audit(page, `${who} ${theme} ${viewport.width}px ${route}`)));
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

describe('axe on every screen', () => {
  it('public pages, on a phone and a desktop', { timeout: 300_000 }, async () => {
    const findings = [
      ...(await auditRoutes('visitor', null, PHONE, publicRoutes)),
      ...(await auditRoutes('visitor', null, DESKTOP, publicRoutes)),
    ];
    expect(report(findings)).toEqual([]);
  });

  it('every agent screen on a phone', { timeout: 300_000 }, async () => {
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

  it('every lender screen on a desktop', { timeout: 400_000 }, async () => {
    const business = { id: lender.businessId, businessName: 'Audit Capital' };
    const findings = await auditRoutes(
      'lender',
      lender.token,
      DESKTOP,
      [
        '/business-selector',
        '/dashboard',
        '/dashboard/lender-business-register',
        '/dashboard/lenderbusinessarea/add',
        '/dashboard/add/lenderbusiness/repayment-cycle',
        '/dashboard/loanplan/add',
        '/dashboard/loan-application',
        '/dashboard/loans',
        '/dashboard/approve-loan',
        '/dashboard/manual-match',
        '/dashboard/fine',
        '/dashboard/repayments',
        '/dashboard/mpesa/inject',
        '/dashboard/mpesa/withdrawal',
        '/dashboard/refunds',
        `/dashboard/refunds/${activeLoanId}`,
        '/dashboard/agent/register',
        `/dashboard/agent/update/${agent.id}`,
        '/dashboard/lender/profile',
        '/dashboard/reports',
      ],
      business,
    );
    expect(report(findings)).toEqual([]);
  });

  it('every admin screen on a desktop', { timeout: 400_000 }, async () => {
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
      '/dashboard/customers',
      '/dashboard/settings',
      '/dashboard/reports',
      '/dashboard/reports/all-lenders',
      '/dashboard/reports/loan-performance',
      '/dashboard/reports/user-growth',
    ]);
    expect(report(findings)).toEqual([]);
  });
});
