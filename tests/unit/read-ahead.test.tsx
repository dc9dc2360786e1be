/**
 * The agent's quick links start what their screen needs as the finger comes down
 * (src/app/shell/agent-bottom-bar.tsx): its code, and the borrowers on a link whose screen
 * lists them, so both load while the tap and the router's render run; and the screen shows
 * that read, not a second one.
 */
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { borrowersQuery } from '../../src/api/borrowers';
import { AgentBottomBar } from '../../src/app/shell/agent-bottom-bar';
import { ScreenCodeContext } from '../../src/app/screen-code';
import { shellText } from '../../src/i18n/shell';
import { paths } from '../../src/lib/paths';
import { SessionProvider } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage-keys';
import { fakeToken } from './fake-token';

const AGENT = 7;
const BUSINESS = 3;

function renderBar(loadScreenCode: (pathname: string) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <SessionProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ScreenCodeContext value={loadScreenCode}>
              <AgentBottomBar pathname="/dashboard" />
            </ScreenCodeContext>
          </MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>
    </MantineProvider>,
  );
  return client;
}

const borrowersRead = (client: QueryClient) =>
  client.getQueryCache().find({ queryKey: borrowersQuery(AGENT, BUSINESS).queryKey });

describe("the agent's quick links", () => {
  beforeEach(() => {
    localStorage.setItem(
      storageKeys.token,
      fakeToken({ id: AGENT, email: 'otieno@example.co.ke', roles: ['agent'], exp: 4e9 }),
    );
    localStorage.setItem(
      storageKeys.selectedBusiness,
      JSON.stringify({ id: BUSINESS, businessName: 'Soko Fresh' }),
    );
  });
  afterEach(() => localStorage.clear());

  it('read the borrowers when Borrowers is pressed, before its screen asks', () => {
    const client = renderBar();
    expect(borrowersRead(client)).toBeUndefined();
    fireEvent.pointerDown(screen.getByRole('link', { name: shellText.links.borrowers }));
    expect(borrowersRead(client)).toBeDefined();
  });

  it('read the borrowers for the loan application too, and nothing for Follow-ups', () => {
    const client = renderBar();
    fireEvent.pointerDown(screen.getByRole('link', { name: shellText.links.followUps }));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    fireEvent.pointerDown(screen.getByRole('link', { name: shellText.links.loanApplication }));
    expect(borrowersRead(client)).toBeDefined();
  });

  it('load the code of each one’s screen when it is pressed, before the router renders it', () => {
    const loaded: string[] = [];
    renderBar((pathname) => loaded.push(pathname));
    for (const name of [shellText.links.borrowers, shellText.links.followUps])
      fireEvent.pointerDown(screen.getByRole('link', { name }));
    expect(loaded).toEqual([paths.dashboard.borrowers, paths.dashboard.followUps]);
  });

  it('a screen opened just after the read shows it, without reading again', () => {
    const client = new QueryClient();
    const options = borrowersQuery(AGENT, BUSINESS);
    client.setQueryData(options.queryKey, []);
    function Screen() {
      useQuery(options);
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    );
    // A read of no earlier than a moment ago: the screen's mount starts none.
    expect(client.getQueryCache().find({ queryKey: options.queryKey })?.state.fetchStatus).toBe(
      'idle',
    );
  });
});
