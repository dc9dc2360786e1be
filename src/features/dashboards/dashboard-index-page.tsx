/** The /dashboard index: the dashboard of the user's role (the spec's "Dashboards"). */
import { Alert } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { commonText } from '../../i18n/common';
import { useSession } from '../../lib/session';
import { AdminDashboard } from './admin-dashboard';
import { AgentDashboard } from './agent-dashboard';
import { LenderDashboard } from './lender-dashboard';

export function DashboardIndexPage() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.home} replace />;
  switch (user.role) {
    case 'admin':
    case 'super_admin':
      return <AdminDashboard />;
    case 'lender':
      return <LenderDashboard user={user} />;
    case 'agent':
      return <AgentDashboard user={user} />;
    default:
      return <Alert color="red" variant="light" title={commonText.invalidUserRole} role="alert" />;
  }
}
