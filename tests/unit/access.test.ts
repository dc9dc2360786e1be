// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideAccess } from '../../src/app/access';
import type { SessionUser } from '../../src/lib/session-token';

const lender = (status?: string): SessionUser => ({
  id: 7,
  email: 'l@example.com',
  role: 'lender',
  ...(status ? { status } : {}),
});
const dashboardRoles = ['admin', 'lender', 'agent', 'super_admin'];

describe('route guard (spec "Route guard")', () => {
  it('sends a visitor without a session to / and remembers where they came from', () => {
    expect(decideAccess(null, dashboardRoles, '/dashboard/loans')).toEqual({
      allow: false,
      redirectTo: '/',
      remember: true,
    });
  });

  it('sends a role outside the list to /unauthorized', () => {
    const agent: SessionUser = { id: 1, email: 'a@x.co', role: 'agent' };
    expect(decideAccess(agent, ['lender'], '/dashboard/loans')).toEqual({
      allow: false,
      redirectTo: '/unauthorized',
    });
    const odd: SessionUser = { id: 1, email: 'a@x.co', role: 'borrower' };
    expect(decideAccess(odd, dashboardRoles, '/dashboard')).toMatchObject({
      redirectTo: '/unauthorized',
    });
  });

  it('lets admins, super admins and agents in without status rules', () => {
    for (const role of ['admin', 'super_admin', 'agent']) {
      expect(
        decideAccess(
          { id: 1, email: 'x@y.co', role, status: 'Blocked' },
          dashboardRoles,
          '/dashboard',
        ),
      ).toEqual({
        allow: true,
      });
    }
  });
});

describe('lender status redirects (spec "States and transitions")', () => {
  it.each([
    ['Active', '/dashboard', { allow: true }],
    ['Rejected', '/dashboard', { allow: false, redirectTo: '/lender/rejected' }],
    ['Blocked', '/dashboard', { allow: false, redirectTo: '/unauthorized' }],
    ['New', '/dashboard', { allow: false, redirectTo: '/lender/update-profile' }],
    ['New', '/lender/update-profile', { allow: true }],
    ['Pending', '/dashboard', { allow: false, redirectTo: '/lender/approval-pending' }],
    ['Pending', '/lender/update-profile', { allow: false, redirectTo: '/lender/approval-pending' }],
    ['Pending', '/lender/approval-pending', { allow: true }],
    ['Approved', '/dashboard', { allow: false, redirectTo: '/unauthorized' }],
    ['Suspended', '/dashboard', { allow: false, redirectTo: '/unauthorized' }],
    ['Whatever', '/dashboard', { allow: false, redirectTo: '/unauthorized' }],
  ])('%s at %s', (status, path, decision) => {
    expect(decideAccess(lender(status), dashboardRoles, path)).toEqual(decision);
  });

  it('applies no status rule to a lender token without a status', () => {
    expect(decideAccess(lender(), dashboardRoles, '/dashboard')).toEqual({ allow: true });
  });
});
