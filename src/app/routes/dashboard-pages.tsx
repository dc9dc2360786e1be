/**
 * The dashboard's frame and the screens more than one role uses: the shell and its index,
 * loan plans, applications and statements, credit bureau submissions, complaints, reports.
 */
import { lazy } from 'react';
import { page, signedInPage } from './lazy-page';

export const DashboardShell = signedInPage(
  () => import('../shell/dashboard-shell'),
  'DashboardShell',
);
export const DashboardIndexPage = page(
  () => import('../../features/dashboards/dashboard-index-page'),
  'DashboardIndexPage',
);
export const UpcomingPage = page(() => import('../../components/upcoming-page'), 'UpcomingPage');
export const LoanStatementPage = page(
  () => import('../../features/loans/pages/loan-statement-page'),
  'LoanStatementPage',
);
export const LoanApplicationPage = page(
  () => import('../../features/loans/pages/loan-application-page'),
  'LoanApplicationPage',
);
export const LoanPlansPage = page(
  () => import('../../features/loan-plans/pages/loan-plans-page'),
  'LoanPlansPage',
);
export const CrbSubmissionsPage = page(
  () => import('../../features/crb/pages/crb-submissions-page'),
  'CrbSubmissionsPage',
);
export const ComplaintsPage = page(
  () => import('../../features/complaints/pages/complaints-page'),
  'ComplaintsPage',
);
export const ComplaintPage = page(
  () => import('../../features/complaints/pages/complaint-page'),
  'ComplaintPage',
);
export const ReportsIndexPage = page(
  () => import('../../features/reports/pages/reports-index-page'),
  'ReportsIndexPage',
);
export const ReportPage = lazy(async () => ({
  default: (await import('../../features/reports/pages/report-page')).ReportPage,
}));
