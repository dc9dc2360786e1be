/**
 * The /dashboard index: the dashboard of the user's role. The agent's
 * dashboard comes with this page, so the agent's first screen (a phone on slow 4G, the README's
 * "Performance") waits for no further file; the administrators' and the lenders' load when shown,
 * so an agent never downloads their tables, panels and texts.
 */
import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { AgentDashboard } from './agent-dashboard';

const AdminDashboard = lazy(async () => ({
  default: (await import('./admin-dashboard')).AdminDashboard,
}));
const LenderDashboard = lazy(async () => ({
  default: (await import('./lender-dashboard')).LenderDashboard,
}));
// Mantine's Alert (and its close button) only for a role that has no dashboard.
const UnknownRoleAlert = lazy(async () => ({
  default: (await import('./unknown-role-alert')).UnknownRoleAlert,
}));

/** Where a dashboard that is still loading will be. */
function Loading() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={36} w="40%" radius="sm" />
      <Skeleton h={120} radius="md" />
    </Stack>
  );
}

export function DashboardIndexPage() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.home} replace />;
  switch (user.role) {
    case 'admin':
    case 'super_admin':
      return (
        <Suspense fallback={<Loading />}>
          <AdminDashboard />
        </Suspense>
      );
    case 'lender':
      return (
        <Suspense fallback={<Loading />}>
          <LenderDashboard user={user} />
        </Suspense>
      );
    case 'agent':
      return <AgentDashboard user={user} />;
    default:
      return (
        <Suspense fallback={<Loading />}>
          <UnknownRoleAlert />
        </Suspense>
      );
  }
}
