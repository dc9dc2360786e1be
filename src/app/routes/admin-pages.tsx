/** The administrators' screens: lenders to approve, payments, reference lists, messages, settings. */
import { page } from './lazy-page';

export const ApproveLendersPage = page(
  () => import('../../features/lenders/pages/approve-lenders-page'),
  'ApproveLendersPage',
);
export const PendingLendersPage = page(
  () => import('../../features/lenders/pages/pending-lenders-page'),
  'PendingLendersPage',
);
export const LenderReviewPage = page(
  () => import('../../features/lenders/pages/lender-review-page'),
  'LenderReviewPage',
);
export const LendersDashboardPage = page(
  () => import('../../features/lenders/pages/lenders-dashboard-page'),
  'LendersDashboardPage',
);
export const AdminProfilePage = page(
  () => import('../../features/admin/pages/admin-profile-page'),
  'AdminProfilePage',
);
export const RegionsPage = page(
  () => import('../../features/admin/pages/regions-page'),
  'RegionsPage',
);
export const UnassignedPaymentsPage = page(
  () => import('../../features/unassigned-payments/pages/unassigned-payments-page'),
  'UnassignedPaymentsPage',
);
export const BusinessTypesPage = page(
  () => import('../../features/admin/pages/business-types-page'),
  'BusinessTypesPage',
);
export const MessagesPage = page(
  () => import('../../features/messages/pages/messages-page'),
  'MessagesPage',
);
export const AuditLogsPage = page(
  () => import('../../features/admin/pages/audit-logs-page'),
  'AuditLogsPage',
);
export const ApprovalsPage = page(
  () => import('../../features/admin/pages/approvals-page'),
  'ApprovalsPage',
);
export const SettingsPage = page(
  () => import('../../features/admin/pages/settings-page'),
  'SettingsPage',
);
export const PaymentDecisionsPage = page(
  () => import('../../features/admin/pages/payment-decisions-page'),
  'PaymentDecisionsPage',
);
