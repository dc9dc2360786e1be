/**
 * The dashboard's routes are given to the router one role's at a time (router.tsx,
 * dashboardRouteTree). A path that is not the signed-in role's own screen must still go
 * where it went when every role's routes were given: another role's screen to its guard's
 * refusal (after the shell's guard), a path that is nobody's home.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { dashboardRouteTree } from '../../src/app/router';
import { SessionProvider } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage-keys';
import { fakeToken } from './fake-token';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Where the router ends up from `path`, for a session with these claims (none: signed out). */
async function landing(path: string, claims?: Record<string, unknown>): Promise<string> {
  cleanup();
  localStorage.clear();
  if (claims) localStorage.setItem(storageKeys.token, fakeToken({ id: 3, exp: 4e9, ...claims }));
  const role = Array.isArray(claims?.roles) ? (claims.roles[0] as string) : undefined;
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {dashboardRouteTree(role)}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return (await screen.findByTestId('where')).textContent!;
}

describe('a dashboard path that is not the signed-in role’s screen', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is refused as its guard refuses it: another role’s screen', async () => {
    expect(await landing('/dashboard/loans', { email: 'a@x.co', roles: ['agent'] })).toBe(
      '/unauthorized',
    );
    expect(
      await landing('/dashboard/lenders', { email: 'l@x.co', roles: ['lender'], status: 'Active' }),
    ).toBe('/unauthorized');
  });

  it('meets the shell’s guard first: a lender not yet approved goes to the profile', async () => {
    expect(
      await landing('/dashboard/lenders', { email: 'l@x.co', roles: ['lender'], status: 'New' }),
    ).toBe('/lender/update-profile');
  });

  it('sends a visitor signed out home, remembering the screen', async () => {
    expect(await landing('/dashboard/borrowers')).toBe('/');
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/dashboard/borrowers');
  });

  it('goes home when it is nobody’s screen', async () => {
    expect(await landing('/dashboard/no-such-screen', { email: 'a@x.co', roles: ['agent'] })).toBe(
      '/',
    );
  });

  it('leaves out other roles’ screens: an agent’s tree is smaller than an administrator’s', () => {
    const count = (role: string) =>
      JSON.stringify(dashboardRouteTree(role), (key, value: unknown) =>
        key === '_owner' || key === '_store' ? undefined : value,
      ).match(/"path":/g)?.length ?? 0;
    expect(count('agent')).toBeLessThan(count('super_admin'));
  });
});
