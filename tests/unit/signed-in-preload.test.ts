import { describe, expect, it } from 'vitest';
import { agentScreensAhead, dashboardPageFor, preloadSignedInScreen } from '../../src/app/router';
import { BorrowerDetailPage, BorrowersPage } from '../../src/app/routes/agent-pages';
import { DashboardIndexPage, LoanApplicationPage } from '../../src/app/routes/dashboard-pages';
import {
  agentMenu,
  agentQuickLinks,
  menuFor,
  menuHrefs,
  type MenuGroup,
} from '../../src/app/shell/menu';

/** The links of the shell that go to screens still to come (UpcomingPage). */
const upcoming = new Set(['/dashboard/customers', '/dashboard/help']);
/**
 * The administrators' reports are one screen given the report's name: lazy, not a page, so
 * a report opened by its address loads when rendered (on a desktop, not a phone).
 */
const isReport = (href: string) => href.startsWith('/dashboard/reports/');

describe('the screen whose code loads before the first render', () => {
  it('is the dashboard, or the page of the path under it', () => {
    expect(dashboardPageFor('/dashboard')).toBe(DashboardIndexPage);
    expect(dashboardPageFor('/dashboard/')).toBe(DashboardIndexPage);
    expect(dashboardPageFor('/dashboard/borrowers')).toBe(BorrowersPage);
    expect(dashboardPageFor('/dashboard/borrowers/')).toBe(BorrowersPage);
    expect(dashboardPageFor('/dashboard/borrowers/42')).toBe(BorrowerDetailPage);
    expect(dashboardPageFor('/dashboard/loan-application')).toBe(LoanApplicationPage);
    expect(dashboardPageFor('/dashboard/no-such-screen')).toBeUndefined();
  });

  it('is found for every link of every role’s menu', async () => {
    const menus: MenuGroup[][] = [agentMenu];
    for (const role of ['admin', 'lender']) menus.push(await menuFor(role));
    for (const href of menus.flatMap(menuHrefs)) {
      if (upcoming.has(href) || isReport(href)) continue;
      expect(dashboardPageFor(href), href).toEqual(
        expect.objectContaining({ preload: expect.any(Function) }),
      );
    }
  });

  it('is none outside the dashboard: nothing waits there', () => {
    expect(preloadSignedInScreen('/login/agent')).toBeUndefined();
    expect(preloadSignedInScreen('/')).toBeUndefined();
    expect(preloadSignedInScreen('/dashboards')).toBeUndefined();
  });
});

describe('the agent’s screens loaded ahead', () => {
  it('are those of the bottom bar, besides the dashboard already drawn', () => {
    const bottomBar = agentQuickLinks
      .map(({ href }) => dashboardPageFor(href))
      .filter((page) => page !== DashboardIndexPage);
    expect(new Set(agentScreensAhead)).toEqual(new Set(bottomBar));
  });
});
