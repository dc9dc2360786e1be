// @vitest-environment happy-dom
/**
 * The lender's and agent's dashboards before a business is chosen: the heading, a card that asks for a business in the dashboard's own
 * words, and not one request until a business is chosen.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/query-client';
import { AgentDashboard } from '../../src/features/dashboards/agent-dashboard';
import { LenderDashboard } from '../../src/features/dashboards/lender-dashboard';
import { commonText } from '../../src/i18n/common';
import { dashboardsText as t } from '../../src/i18n/dashboards';
import { SessionProvider } from '../../src/lib/session';
import type { SessionUser } from '../../src/lib/session-token';

const lender = { id: 7, email: 'wanjiru@example.co.ke', role: 'lender' } as SessionUser;
const agent = { id: 9, email: 'otieno@example.co.ke', role: 'agent' } as SessionUser;

function renderDashboard(dashboard: React.ReactNode) {
  render(
    <MantineProvider>
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/dashboard']}>{dashboard}</MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>
    </MantineProvider>,
  );
}

describe('the dashboards before a business is chosen', () => {
  let fetches: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    fetches = vi.fn(() => Promise.reject(new Error('no request is expected')));
    vi.stubGlobal('fetch', fetches);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the lender by email and asks for a business, loading nothing', () => {
    renderDashboard(<LenderDashboard user={lender} />);
    expect(screen.getByRole('heading', { name: t.greeting('wanjiru') })).toBeInTheDocument();
    expect(screen.getByText(t.dashboardSubtitleNoBusiness)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.chooseBusinessPrompt })).toBeInTheDocument();
    expect(screen.getByText(t.chooseBusinessText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: commonText.chooseBusiness })).toBeInTheDocument();
    expect(fetches).not.toHaveBeenCalled();
  });

  it('titles the agent dashboard and asks for a business, loading nothing', () => {
    renderDashboard(<AgentDashboard user={agent} />);
    expect(screen.getByRole('heading', { name: t.agentTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.chooseBusinessPrompt })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: commonText.chooseBusiness })).toBeInTheDocument();
    expect(fetches).not.toHaveBeenCalled();
  });
});
