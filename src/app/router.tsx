/**
 * The route table in one module: every path, who may open it, and its screen. Pages are lazy
 * so the landing page and the agent's screens load only what they use (docs/architecture.md §8);
 * their declarations are in routes/, by who uses them.
 */
import { Suspense, useEffect, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ScreenErrorBoundary } from './error-boundary';
import { ScreenCodeContext } from './screen-code';
import { PageLoader } from './page-loader';
import { ShellSkeleton } from './shell/shell-skeleton';
import { paths, reportNames } from '../lib/paths';
import { routeRoles } from './route-roles';
import type { Page } from './routes/lazy-page';
import { RedirectIfSignedIn, RequireRole } from './route-guard';
import { SessionWatcher } from './session-watcher';
import { useSession } from '../lib/session';
import { whenIdle } from '../lib/when-idle';
import {
  AdminProfilePage,
  ApprovalsPage,
  ApproveLendersPage,
  AuditLogsPage,
  BusinessTypesPage,
  LenderReviewPage,
  LendersDashboardPage,
  MessagesPage,
  PaymentDecisionsPage,
  PendingLendersPage,
  RegionsPage,
  SettingsPage,
  UnassignedPaymentsPage,
} from './routes/admin-pages';
import {
  AgentOfflineSync,
  AgentProfilePage,
  BorrowerDetailPage,
  BorrowersPage,
  FollowUpPage,
  FollowUpsPage,
  LoanFilesPage,
  OutboxScreen,
} from './routes/agent-pages';
import {
  ComplaintPage,
  ComplaintsPage,
  CrbSubmissionsPage,
  DashboardIndexPage,
  DashboardShell,
  LoanApplicationPage,
  LoanPlansPage,
  LoanStatementPage,
  ReportPage,
  ReportsIndexPage,
  UpcomingPage,
} from './routes/dashboard-pages';
import {
  AddMoneyPage,
  AgentsPage,
  AgentUpdatePage,
  ApproveLoansPage,
  AreasPage,
  BusinessRegisterPage,
  FinesPage,
  LenderProfilePage,
  LoansPage,
  ManualMatchPage,
  RefundDetailPage,
  RefundsPage,
  RepaymentCyclesPage,
  RepaymentsPage,
  WithdrawMoneyPage,
} from './routes/lender-pages';
import {
  AdminLoginPage,
  AgentLoginPage,
  ApprovalPendingPage,
  BusinessSelectorPage,
  ForgotPasswordPage,
  LandingPage,
  LenderLoginPage,
  LenderRegisterPage,
  RejectedPage,
  ResetPasswordPage,
  SecondFactorSetupPage,
  UnauthorizedPage,
  UpdateProfilePage,
} from './routes/public-pages';

export { preloadPrerenderedPage } from './routes/public-pages';

function guarded(roles: readonly string[], element: ReactNode) {
  return <RequireRole roles={roles}>{element}</RequireRole>;
}

/** A page for somebody signed out: whoever is signed in is sent on from its path. */
function signedOut(path: ComponentProps<typeof RedirectIfSignedIn>['path'], element: ReactNode) {
  return <RedirectIfSignedIn path={path}>{element}</RedirectIfSignedIn>;
}

/** Dashboard children and their screens. */
const dashboardRoutes: { path: string; roles: readonly string[]; element: ReactElement }[] = [
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

/** Every dashboard child, with who may open it and its screen. */
const everyDashboardRoute = [
  ...dashboardRoutes,
  ...upcomingDashboardRoutes.map(({ path, roles }) => ({ path, roles, element: <UpcomingPage /> })),
];

/** The dashboard child, of any role's, that a path under /dashboard opens. */
function dashboardRouteOf(pathname: string) {
  const rest = pathname.slice(paths.dashboard.root.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'index';
  return everyDashboardRoute.find(({ path }) => matchPath({ path, end: true }, `/${rest}`));
}

/** Whether a path is the dashboard's or under it. */
function underDashboard(pathname: string): boolean {
  return pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`);
}

/**
 * Loads the code of a signed-in screen before the app renders: the shell (with the query
 * layer) under /dashboard, and the screen of the path (the dashboard's index on /dashboard).
 * The app's first render then draws the screen at once: rendering a screen whose code is
 * still loading draws the shell's placeholder (already on the screen from shell.html), and the
 * screen again once its code is in, in small slices, which on a slow phone took longer than
 * the screen itself. Answers when the code is in or has failed to load; the failure is left
 * to the render, which loads again and shows it. Answers undefined for other paths.
 */
export function preloadSignedInScreen(pathname: string): Promise<void> | undefined {
  if (!underDashboard(pathname)) return undefined;
  const pages: (Page | undefined)[] = [DashboardShell, dashboardPageFor(pathname)];
  return Promise.all(pages.map((page) => page?.preload().catch(() => undefined))).then(
    () => undefined,
  );
}

/** The screen a path under /dashboard shows, when it is a page of its own. */
export function dashboardPageFor(pathname: string): Page | undefined {
  const route = dashboardRouteOf(pathname);
  if (route === 'index') return DashboardIndexPage;
  const type: unknown = route?.element.type;
  return typeof type === 'function' && 'preload' in type ? (type as Page) : undefined;
}

/** Starts loading the code of the screen at a path under /dashboard (ScreenCodeContext). */
function loadScreenCode(pathname: string): void {
  // A failure is left to the screen's render, which loads again and shows it.
  void dashboardPageFor(pathname)
    ?.preload()
    .catch(() => undefined);
}

/**
 * The screens of the agent's bottom bar besides the dashboard (shell/menu.ts,
 * agentQuickLinks). Their code is one chunk (`agent-screens`, build/first-screen-chunks.ts),
 * loaded in the first idle moment after the first screen is drawn, as the offline sync's
 * own code is: a tap on one then draws it at once, where it waited for its code before (on
 * a slow phone, half a second of fetching a dozen files in turn). Loaded 1.5 s later, it
 * was still loading at a quick first tap on Borrowers (`bench:phone` at 6×, medians of 5 in
 * one run: Borrowers 562 ms with the wait, 388 ms without; the menu, tapped first, 265 and
 * 291 ms).
 */
export const agentScreensAhead: readonly Page[] = [
  BorrowersPage,
  LoanApplicationPage,
  FollowUpsPage,
];

/** Loads each page's code in an idle moment of its own, in order; answers the cancel. */
function preloadWhenIdle(pages: readonly Page[]): () => void {
  let stopped = false;
  let cancel = () => {};
  const next = (index: number) => {
    const page = pages[index];
    if (stopped || !page) return;
    cancel = whenIdle(() => {
      void page
        .preload()
        .catch(() => undefined)
        .then(() => next(index + 1));
    }, 10_000);
  };
  next(0);
  return () => {
    stopped = true;
    cancel();
  };
}

function AgentScreensAhead() {
  const agent = useSession().user?.role === 'agent';
  useEffect(() => (agent ? preloadWhenIdle(agentScreensAhead) : undefined), [agent]);
  return null;
}

/**
 * The routes outside the dashboard. `<Routes>` is given either these or the dashboard's,
 * by the path: it ranks and matches every route it is given at each render, and on a slow
 * phone matching a public page against the whole table was a long task of its own.
 */
const publicRouteTree = (
  <>
    <Route path={paths.home} element={<LandingPage />} />
    <Route path={paths.lenderLogin} element={signedOut(paths.lenderLogin, <LenderLoginPage />)} />
    <Route
      path={paths.lenderRegister}
      element={signedOut(paths.lenderRegister, <LenderRegisterPage />)}
    />
    <Route path={paths.agentLogin} element={signedOut(paths.agentLogin, <AgentLoginPage />)} />
    <Route path={paths.adminLogin} element={signedOut(paths.adminLogin, <AdminLoginPage />)} />
    <Route
      path={paths.forgotPassword}
      element={signedOut(paths.forgotPassword, <ForgotPasswordPage />)}
    />
    <Route
      path={paths.resetPassword}
      element={signedOut(paths.resetPassword, <ResetPasswordPage />)}
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
  </>
);

/**
 * A path under /dashboard that is not one of the signed-in role's screens: another role's
 * screen is refused as its guard refuses it, after the shell's guard (a lender yet to be
 * approved goes where the shell sends them), and a path that is nobody's goes home, as
 * any unknown path does.
 */
function OtherDashboardPath() {
  const route = dashboardRouteOf(useLocation().pathname);
  if (!route || route === 'index') return <Navigate to={paths.home} replace />;
  return guarded(routeRoles.dashboard, guarded(route.roles, null));
}

/**
 * The dashboard's routes for one role: the shell, and that role's screens inside it. Given
 * every role's (57 routes), `<Routes>` ranked and matched them all at each render, the
 * shell's first and each tap's: an agent's 15 are matched in less than half the time of an
 * administrator's 31. Built once per role.
 */
const routeTrees = new Map<string | undefined, ReactElement>();
export function dashboardRouteTree(role: string | undefined): ReactElement {
  let tree = routeTrees.get(role);
  if (!tree) {
    const own = everyDashboardRoute.filter(({ roles }) => role && roles.includes(role));
    tree = (
      <>
        <Route
          path={paths.dashboard.root}
          element={guarded(routeRoles.dashboard, <DashboardShell />)}
        >
          <Route index element={<DashboardIndexPage />} />
          {own.map(({ path, roles, element }) => (
            <Route key={path} path={path} element={guarded(roles, element)} />
          ))}
        </Route>
        <Route path={`${paths.dashboard.root}/*`} element={<OtherDashboardPath />} />
      </>
    );
    routeTrees.set(role, tree);
  }
  return tree;
}

/**
 * What shows while a screen's code loads: under /dashboard the shell's placeholder, the
 * same that shell.html paints before any code has run (shell/shell-skeleton.tsx), so the
 * first render changes nothing on the screen; elsewhere a spinner.
 */
function ScreenLoading({ pathname }: { pathname: string }) {
  const { user } = useSession();
  return underDashboard(pathname) ? <ShellSkeleton role={user?.role} /> : <PageLoader />;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const role = useSession().user?.role;
  return (
    <>
      <SessionWatcher />
      <AgentOfflineSync />
      <AgentScreensAhead />
      <ScreenErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenLoading pathname={pathname} />}>
          <ScreenCodeContext value={loadScreenCode}>
            <Routes>
              {underDashboard(pathname) ? dashboardRouteTree(role) : publicRouteTree}
              <Route path="*" element={<Navigate to={paths.home} replace />} />
            </Routes>
          </ScreenCodeContext>
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
