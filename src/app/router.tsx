/**
 * The route table (the spec's "Route table", "Screens and routes") in one module. Pages are lazy so the
 * landing page and the agent's screens load only what they use (docs/architecture.md §8).
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ScreenErrorBoundary } from './error-boundary';
import { PageLoader } from './page-loader';
import { ShellSkeleton } from './shell/shell-skeleton';
import { paths, reportNames } from '../lib/paths';
import {
  prerenderedPageAt,
  prerenderedPages,
  type PrerenderedPage,
} from '../lib/prerendered-pages';
import { routeRoles } from './route-roles';
import { RedirectIfSignedIn, RequireRole } from './route-guard';
import { SessionWatcher } from './session-watcher';
import { useSession } from '../lib/session';

/** A lazy page that can also be loaded ahead (`preload`), then renders without suspending. */
type Page = ComponentType & { preload: () => Promise<void> };

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[name] as ComponentType;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mount: a page never swaps its component (and loses its state) later.
  const Page = () => {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  };
  return Object.assign(Page, { preload });
}

/**
 * A page behind sign-in: it loads with the query layer, in parallel, and renders inside
 * its provider. Public pages use `page` and never load it (docs/architecture.md §8).
 */
function signedInPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const [module, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    const Page = module[name] as ComponentType;
    return {
      default: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  });
}

/**
 * The prerendered public pages (src/lib/prerendered-pages.ts lists them, with the module
 * and export each renders): their modules, which Vite splits like any lazy page.
 */
const prerenderedModules = import.meta.glob<Record<string, ComponentType>>([
  '../features/landing/landing-page.tsx',
  '../features/auth/pages/*-page.tsx',
]);

const prerenderedPageComponents = new Map<string, Page>(
  prerenderedPages.map(({ path, module, name }) => {
    const load = prerenderedModules[module.replace(/^src\//, '../')];
    if (!load) throw new Error(`router.tsx: ${module} is not among the prerendered modules`);
    return [path, page(load, name)];
  }),
);

function prerenderedPage(path: PrerenderedPage['path']): Page {
  return prerenderedPageComponents.get(path)!;
}

const LandingPage = prerenderedPage(paths.home);
const LenderLoginPage = prerenderedPage(paths.lenderLogin);
const AgentLoginPage = prerenderedPage(paths.agentLogin);
const AdminLoginPage = prerenderedPage(paths.adminLogin);
const LenderRegisterPage = prerenderedPage(paths.lenderRegister);
const ForgotPasswordPage = prerenderedPage(paths.forgotPassword);
const ResetPasswordPage = page(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const ApprovalPendingPage = signedInPage(
  () => import('../features/lenders/pages/approval-pending-page'),
  'ApprovalPendingPage',
);
const RejectedPage = page(() => import('../features/lenders/pages/rejected-page'), 'RejectedPage');
const UpdateProfilePage = signedInPage(
  () => import('../features/lenders/pages/update-profile-page'),
  'UpdateProfilePage',
);
const BusinessSelectorPage = signedInPage(
  () => import('../features/businesses/pages/business-selector-page'),
  'BusinessSelectorPage',
);
// Dexie and the sync engine load only once an agent is signed in, not on the landing page.
const OfflineSync = page(() => import('./offline-sync'), 'OfflineSync');

function AgentOfflineSync() {
  const { user } = useSession();
  if (user?.role !== 'agent') return null;
  return (
    <Suspense fallback={null}>
      <OfflineSync />
    </Suspense>
  );
}

const SecondFactorSetupPage = page(
  () => import('../features/second-factor/pages/second-factor-setup-page'),
  'SecondFactorSetupPage',
);

const UnauthorizedPage = page(() => import('./unauthorized-page'), 'UnauthorizedPage');
const DashboardShell = signedInPage(() => import('./shell/dashboard-shell'), 'DashboardShell');
const DashboardIndexPage = page(
  () => import('../features/dashboards/dashboard-index-page'),
  'DashboardIndexPage',
);
const AddMoneyPage = page(() => import('../features/capital/pages/add-money-page'), 'AddMoneyPage');
const WithdrawMoneyPage = page(
  () => import('../features/capital/pages/withdraw-money-page'),
  'WithdrawMoneyPage',
);
const LoanStatementPage = page(
  () => import('../features/loans/pages/loan-statement-page'),
  'LoanStatementPage',
);
const RefundsPage = page(() => import('../features/refunds/pages/refunds-page'), 'RefundsPage');
const RefundDetailPage = page(
  () => import('../features/refunds/pages/refund-detail-page'),
  'RefundDetailPage',
);
const OutboxScreen = page(() => import('./outbox-screen'), 'OutboxScreen');
const UpcomingPage = page(() => import('../components/upcoming-page'), 'UpcomingPage');
const ApproveLendersPage = page(
  () => import('../features/lenders/pages/approve-lenders-page'),
  'ApproveLendersPage',
);
const PendingLendersPage = page(
  () => import('../features/lenders/pages/pending-lenders-page'),
  'PendingLendersPage',
);
const LenderReviewPage = page(
  () => import('../features/lenders/pages/lender-review-page'),
  'LenderReviewPage',
);
const LendersDashboardPage = page(
  () => import('../features/lenders/pages/lenders-dashboard-page'),
  'LendersDashboardPage',
);
const AdminProfilePage = page(
  () => import('../features/admin/pages/admin-profile-page'),
  'AdminProfilePage',
);
const RegionsPage = page(() => import('../features/admin/pages/regions-page'), 'RegionsPage');
const UnassignedPaymentsPage = page(
  () => import('../features/unassigned-payments/pages/unassigned-payments-page'),
  'UnassignedPaymentsPage',
);
const BusinessTypesPage = page(
  () => import('../features/admin/pages/business-types-page'),
  'BusinessTypesPage',
);
const MessagesPage = page(() => import('../features/messages/pages/messages-page'), 'MessagesPage');
const CrbSubmissionsPage = page(
  () => import('../features/crb/pages/crb-submissions-page'),
  'CrbSubmissionsPage',
);
const AuditLogsPage = page(
  () => import('../features/admin/pages/audit-logs-page'),
  'AuditLogsPage',
);
const ApprovalsPage = page(() => import('../features/admin/pages/approvals-page'), 'ApprovalsPage');
const SettingsPage = page(() => import('../features/admin/pages/settings-page'), 'SettingsPage');
const PaymentDecisionsPage = page(
  () => import('../features/admin/pages/payment-decisions-page'),
  'PaymentDecisionsPage',
);
const BusinessRegisterPage = signedInPage(
  () => import('../features/businesses/pages/business-register-page'),
  'BusinessRegisterPage',
);
const AreasPage = page(() => import('../features/businesses/pages/areas-page'), 'AreasPage');
const RepaymentCyclesPage = page(
  () => import('../features/loan-plans/pages/repayment-cycles-page'),
  'RepaymentCyclesPage',
);
const LoanPlansPage = page(
  () => import('../features/loan-plans/pages/loan-plans-page'),
  'LoanPlansPage',
);
const AgentsPage = page(() => import('../features/agents/pages/agents-page'), 'AgentsPage');
const AgentUpdatePage = page(
  () => import('../features/agents/pages/agent-update-page'),
  'AgentUpdatePage',
);
const AgentProfilePage = page(
  () => import('../features/agents/pages/agent-profile-page'),
  'AgentProfilePage',
);
const LenderProfilePage = page(
  () => import('../features/lenders/pages/lender-profile-page'),
  'LenderProfilePage',
);

function guarded(roles: readonly string[], element: ReactNode) {
  return <RequireRole roles={roles}>{element}</RequireRole>;
}

const BorrowersPage = page(
  () => import('../features/borrowers/pages/borrowers-page'),
  'BorrowersPage',
);
const BorrowerDetailPage = page(
  () => import('../features/borrowers/pages/borrower-detail-page'),
  'BorrowerDetailPage',
);
const LoanApplicationPage = page(
  () => import('../features/loans/pages/loan-application-page'),
  'LoanApplicationPage',
);
const LoansPage = page(() => import('../features/loans/pages/loans-page'), 'LoansPage');
const ApproveLoansPage = page(
  () => import('../features/loans/pages/approve-loans-page'),
  'ApproveLoansPage',
);
const ManualMatchPage = page(
  () => import('../features/matching/pages/manual-match-page'),
  'ManualMatchPage',
);
const FinesPage = page(() => import('../features/fines/pages/fines-page'), 'FinesPage');
const RepaymentsPage = page(
  () => import('../features/repayments/pages/repayments-page'),
  'RepaymentsPage',
);
const FollowUpsPage = page(
  () => import('../features/follow-ups/pages/follow-ups-page'),
  'FollowUpsPage',
);
const FollowUpPage = page(
  () => import('../features/follow-ups/pages/follow-up-page'),
  'FollowUpPage',
);
const ComplaintsPage = page(
  () => import('../features/complaints/pages/complaints-page'),
  'ComplaintsPage',
);
const ComplaintPage = page(
  () => import('../features/complaints/pages/complaint-page'),
  'ComplaintPage',
);
const LoanFilesPage = page(
  () => import('../features/loan-files/pages/loan-files-page'),
  'LoanFilesPage',
);
const ReportsIndexPage = page(
  () => import('../features/reports/pages/reports-index-page'),
  'ReportsIndexPage',
);
const ReportPage = lazy(async () => ({
  default: (await import('../features/reports/pages/report-page')).ReportPage,
}));

/**
 * Loads a prerendered page's code before the browser hydrates it (src/main.tsx), so the
 * whole page hydrates in one pass: nothing typed meanwhile can fall between React's
 * render and its commit.
 */
export async function preloadPrerenderedPage(pathname: string): Promise<void> {
  const path = prerenderedPageAt(pathname)?.path;
  if (path) await prerenderedPageComponents.get(path)?.preload();
}

/** Dashboard children and their screens. */
const dashboardRoutes: { path: string; roles: readonly string[]; element: ReactNode }[] = [
  { path: 'approve-lender', roles: routeRoles.admins, element: <ApproveLendersPage /> },
  { path: 'admin/approval', roles: routeRoles.admins, element: <PendingLendersPage /> },
  { path: 'approve-lender/:id', roles: routeRoles.admins, element: <LenderReviewPage /> },
  { path: 'lenders', roles: routeRoles.admins, element: <LendersDashboardPage /> },
  { path: 'admin/profile', roles: routeRoles.admins, element: <AdminProfilePage /> },
  {
    path: 'admin/unassigned-payments',
    roles: routeRoles.admins,
    element: <UnassignedPaymentsPage />,
  },
  { path: 'add/lender/region', roles: routeRoles.admins, element: <RegionsPage /> },
  { path: 'business-types', roles: routeRoles.admins, element: <BusinessTypesPage /> },
  { path: 'audit-logs', roles: routeRoles.admins, element: <AuditLogsPage /> },
  { path: 'messages', roles: routeRoles.admins, element: <MessagesPage /> },
  { path: 'crb', roles: routeRoles.lenderAndAdmins, element: <CrbSubmissionsPage /> },
  {
    path: 'admin/mpesa-decisions',
    roles: routeRoles.admins,
    element: <PaymentDecisionsPage />,
  },
  { path: 'admin/approvals', roles: routeRoles.admins, element: <ApprovalsPage /> },
  { path: 'settings', roles: routeRoles.admins, element: <SettingsPage /> },
  {
    path: 'lender-business-register',
    roles: routeRoles.lenderOnly,
    element: <BusinessRegisterPage />,
  },
  { path: 'lenderbusinessarea/add', roles: routeRoles.lenderOnly, element: <AreasPage /> },
  {
    path: 'add/lenderbusiness/repayment-cycle',
    roles: routeRoles.lenderOnly,
    element: <RepaymentCyclesPage />,
  },
  { path: 'loanplan/add', roles: routeRoles.lenderAndAgent, element: <LoanPlansPage /> },
  { path: 'agent/register', roles: routeRoles.lenderOnly, element: <AgentsPage /> },
  { path: 'agent/update/:id', roles: routeRoles.lenderOnly, element: <AgentUpdatePage /> },
  { path: 'agent/profile', roles: routeRoles.agentOnly, element: <AgentProfilePage /> },
  { path: 'lender/profile', roles: routeRoles.lenderOnly, element: <LenderProfilePage /> },
  { path: 'borrowers', roles: routeRoles.agentOnly, element: <BorrowersPage /> },
  { path: 'borrowers/:id', roles: routeRoles.agentOnly, element: <BorrowerDetailPage /> },
  { path: 'loan-application', roles: routeRoles.lenderAndAgent, element: <LoanApplicationPage /> },
  { path: 'loans', roles: routeRoles.lenderOnly, element: <LoansPage /> },
  {
    path: 'loans/:id/statement',
    roles: routeRoles.lenderAndAgent,
    element: <LoanStatementPage />,
  },
  { path: 'approve-loan', roles: routeRoles.lenderOnly, element: <ApproveLoansPage /> },
  { path: 'manual-match', roles: routeRoles.lenderOnly, element: <ManualMatchPage /> },
  { path: 'fine', roles: routeRoles.lenderOnly, element: <FinesPage /> },
  { path: 'repayments', roles: routeRoles.lenderOnly, element: <RepaymentsPage /> },
  { path: 'mpesa/inject', roles: routeRoles.lenderOnly, element: <AddMoneyPage /> },
  { path: 'mpesa/withdrawal', roles: routeRoles.lenderOnly, element: <WithdrawMoneyPage /> },
  { path: 'refunds', roles: routeRoles.lenderOnly, element: <RefundsPage /> },
  { path: 'refunds/:id', roles: routeRoles.lenderOnly, element: <RefundDetailPage /> },
  { path: 'follow-up', roles: routeRoles.agentOnly, element: <FollowUpsPage /> },
  { path: 'follow-up/:id', roles: routeRoles.agentOnly, element: <FollowUpPage /> },
  { path: 'loan-agreement', roles: routeRoles.agentOnly, element: <LoanFilesPage /> },
  { path: 'complaints', roles: routeRoles.dashboard, element: <ComplaintsPage /> },
  { path: 'complaints/:id', roles: routeRoles.staff, element: <ComplaintPage /> },
  { path: 'outbox', roles: routeRoles.agentOnly, element: <OutboxScreen /> },
  { path: 'reports', roles: routeRoles.dashboard, element: <ReportsIndexPage /> },
  ...reportNames.map((name) => ({
    path: `reports/${name}`,
    roles: routeRoles.admins,
    element: <ReportPage name={name} />,
  })),
];

/** Dashboard children whose screens arrive with later issues: guarded, titled, honest. */
const upcomingDashboardRoutes: { path: string; roles: readonly string[] }[] = [
  { path: 'customers', roles: routeRoles.admins },
  { path: 'help', roles: routeRoles.agentOnly },
];

/**
 * What shows while a screen's code loads: under /dashboard the shell's placeholder, the
 * same that shell.html paints before any code has run (shell/shell-skeleton.tsx), so the
 * first render changes nothing on the screen; elsewhere a spinner.
 */
function ScreenLoading({ pathname }: { pathname: string }) {
  const { user } = useSession();
  const underDashboard =
    pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`);
  return underDashboard ? <ShellSkeleton role={user?.role} /> : <PageLoader />;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <SessionWatcher />
      <AgentOfflineSync />
      <ScreenErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenLoading pathname={pathname} />}>
          <Routes>
            <Route path={paths.home} element={<LandingPage />} />
            <Route
              path={paths.lenderLogin}
              element={
                <RedirectIfSignedIn path={paths.lenderLogin}>
                  <LenderLoginPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.lenderRegister}
              element={
                <RedirectIfSignedIn path={paths.lenderRegister}>
                  <LenderRegisterPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.agentLogin}
              element={
                <RedirectIfSignedIn path={paths.agentLogin}>
                  <AgentLoginPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.adminLogin}
              element={
                <RedirectIfSignedIn path={paths.adminLogin}>
                  <AdminLoginPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.forgotPassword}
              element={
                <RedirectIfSignedIn path={paths.forgotPassword}>
                  <ForgotPasswordPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.resetPassword}
              element={
                <RedirectIfSignedIn path={paths.resetPassword}>
                  <ResetPasswordPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path={paths.lenderUpdateProfile}
              element={guarded(routeRoles.lenderOnly, <UpdateProfilePage />)}
            />
            <Route
              path={paths.lenderApprovalPending}
              element={guarded(routeRoles.lenderOnly, <ApprovalPendingPage />)}
            />
            <Route path={paths.lenderRejected} element={<RejectedPage />} />
            <Route
              path={paths.businessSelector}
              element={guarded(routeRoles.lenderOnly, <BusinessSelectorPage />)}
            />
            <Route
              path={paths.agentBusinessSelector}
              element={guarded(routeRoles.agentOnly, <BusinessSelectorPage />)}
            />
            <Route path={paths.unauthorized} element={<UnauthorizedPage />} />
            <Route
              path={paths.secondFactorSetup}
              element={guarded(routeRoles.withSecondFactor, <SecondFactorSetupPage />)}
            />
            <Route
              path={paths.lenderBusinessRegister}
              element={guarded(routeRoles.lenderOnly, <BusinessRegisterPage />)}
            />
            <Route
              path={paths.dashboard.root}
              element={guarded(routeRoles.dashboard, <DashboardShell />)}
            >
              <Route index element={<DashboardIndexPage />} />
              {dashboardRoutes.map(({ path, roles, element }) => (
                <Route key={path} path={path} element={guarded(roles, element)} />
              ))}
              {upcomingDashboardRoutes.map(({ path, roles }) => (
                <Route key={path} path={path} element={guarded(roles, <UpcomingPage />)} />
              ))}
            </Route>
            <Route path="*" element={<Navigate to={paths.home} replace />} />
          </Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
