// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentQuickLinks,
  isActivePath,
  menuFor,
  menuHrefs,
  type MenuGroup,
} from '../../src/app/shell/menu';

/** Every sidebar link of the shell, per role, written out in full. */
const reportPages = [
  'all-lenders',
  'borrowers-per-lender',
  'businesses-per-lender',
  'agents-per-business',
  'capital-per-lender',
  'lender-activity',
  'agent-activity',
  'loan-performance',
  'loans-per-lender',
  'revenue-per-lender',
  'user-growth',
].map((name) => `/dashboard/reports/${name}`);

const adminLinks = [
  '/dashboard',
  '/dashboard/business-types',
  '/dashboard/add/lender/region',
  '/dashboard/customers',
  '/dashboard/reports',
  ...reportPages,
  '/dashboard/settings',
  '/dashboard/audit-logs',
  '/dashboard/messages',
  '/dashboard/complaints',
  '/dashboard/admin/mpesa-decisions',
  // acts waiting for a second administrator
  '/dashboard/admin/approvals',
  '/dashboard/lenders',
  '/dashboard/approve-lender',
  // payments no business can be credited with (docs/architecture.md §6)
  '/dashboard/admin/unassigned-payments',
  // the monthly credit bureau files (docs/crb.md)
  '/dashboard/crb',
];

const lenderLinks = [
  '/dashboard',
  '/dashboard/lender-business-register',
  '/dashboard/lenderbusinessarea/add',
  '/dashboard/loans',
  '/dashboard/approve-loan',
  '/dashboard/loanplan/add',
  '/dashboard/add/lenderbusiness/repayment-cycle',
  '/dashboard/refunds',
  '/dashboard/fine',
  // the monthly credit bureau files (docs/crb.md)
  '/dashboard/crb',
  '/dashboard/agent/register',
  '/dashboard/mpesa/inject',
  '/dashboard/mpesa/withdrawal',
  '/dashboard/manual-match',
  '/dashboard/repayments',
  '/dashboard/complaints',
  '/dashboard/lender/profile',
  '/dashboard/reports',
];

const agentLinks = [
  '/dashboard',
  '/dashboard/borrowers',
  '/dashboard/loan-application',
  '/dashboard/loanplan/add',
  '/dashboard/loan-agreement',
  '/dashboard/follow-up',
  '/dashboard/complaints',
  '/dashboard/outbox',
  '/dashboard/agent/profile',
  '/dashboard/help',
];

/** Each role's menu, once loaded: the agent's is at hand, the staff's load with their shell. */
const menus = new Map<string, MenuGroup[]>();
beforeAll(async () => {
  for (const role of ['admin', 'super_admin', 'lender', 'agent'])
    menus.set(role, await menuFor(role));
});
function menuOf(role: string): MenuGroup[] {
  const menu = menus.get(role);
  if (!menu) throw new Error(`no menu loaded for ${role}`);
  return menu;
}

function groupLabels(role: string) {
  return menuOf(role).map((group) => group.label);
}

function labelOf(role: string, href: string) {
  for (const group of menuOf(role)) {
    for (const item of group.items) {
      if (item.href === href) return item.label;
      const child = item.children?.find((c) => c.href === href);
      if (child) return child.label;
    }
  }
  return undefined;
}

describe('menuFor', () => {
  it.each(['admin', 'super_admin'])('gives %s every admin link, grouped', (role) => {
    expect(new Set(menuHrefs(menuOf(role)))).toEqual(new Set(adminLinks));
    expect(groupLabels(role)).toEqual(['General', 'Administration']);
    expect(labelOf(role, '/dashboard/add/lender/region')).toBe('Regions');
    expect(labelOf(role, '/dashboard/reports')).toBe('Reports');
  });

  it('nests the eleven reports under Reports', () => {
    const reports = menuOf('admin')
      .flatMap((group) => group.items)
      .find((item) => item.href === '/dashboard/reports');
    expect(reports?.children?.map((c) => c.href)).toEqual(reportPages);
  });

  it("gives the agent's menu at once, for the first screen", () => {
    expect(Array.isArray(menuFor('agent'))).toBe(true);
  });

  it('gives lenders every lender link, grouped', () => {
    expect(new Set(menuHrefs(menuOf('lender')))).toEqual(new Set(lenderLinks));
    expect(groupLabels('lender')).toEqual([
      null,
      'Business',
      'Loan Management',
      'Agents',
      'M-Pesa',
      'Logistics',
      null,
    ]);
    expect(labelOf('lender', '/dashboard/mpesa/inject')).toBe('Add Money');
    expect(labelOf('lender', '/dashboard/mpesa/withdrawal')).toBe('Withdraw Funds');
  });

  it('gives agents every agent link, grouped', () => {
    expect(new Set(menuHrefs(menuOf('agent')))).toEqual(new Set(agentLinks));
    expect(groupLabels('agent')).toEqual([null, 'Loan Management', 'Support']);
    expect(labelOf('agent', '/dashboard/loan-agreement')).toBe('Loan Files');
  });

  it('gives the agent bottom bar the four most-used places', () => {
    expect(agentQuickLinks.map((l) => l.label)).toEqual([
      'Home',
      'Borrowers',
      'Loan Application',
      'Follow-ups',
    ]);
  });

  it.each(['borrower', 'guest', '', undefined, null])('gives %s an empty menu', (role) => {
    expect(menuFor(role)).toEqual([]);
  });
});

describe('isActivePath', () => {
  it('highlights the dashboard home only on its own path', () => {
    expect(isActivePath('/dashboard', '/dashboard')).toBe(true);
    expect(isActivePath('/dashboard/', '/dashboard')).toBe(true);
    expect(isActivePath('/dashboard/loans', '/dashboard')).toBe(false);
  });

  it('highlights a link on its sub-pages', () => {
    expect(isActivePath('/dashboard/borrowers/12', '/dashboard/borrowers')).toBe(true);
    expect(isActivePath('/dashboard/borrowersx', '/dashboard/borrowers')).toBe(false);
  });
});
