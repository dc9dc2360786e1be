/** The lender's screens: business set-up, agents, loans, money, repayments, refunds. */
import { page, signedInPage } from './lazy-page';

export const BusinessRegisterPage = signedInPage(
  () => import('../../features/businesses/pages/business-register-page'),
  'BusinessRegisterPage',
);
export const AreasPage = page(
  () => import('../../features/businesses/pages/areas-page'),
  'AreasPage',
);
export const RepaymentCyclesPage = page(
  () => import('../../features/loan-plans/pages/repayment-cycles-page'),
  'RepaymentCyclesPage',
);
export const AgentsPage = page(
  () => import('../../features/agents/pages/agents-page'),
  'AgentsPage',
);
export const AgentUpdatePage = page(
  () => import('../../features/agents/pages/agent-update-page'),
  'AgentUpdatePage',
);
export const LenderProfilePage = page(
  () => import('../../features/lenders/pages/lender-profile-page'),
  'LenderProfilePage',
);
export const LoansPage = page(() => import('../../features/loans/pages/loans-page'), 'LoansPage');
export const ApproveLoansPage = page(
  () => import('../../features/loans/pages/approve-loans-page'),
  'ApproveLoansPage',
);
export const ManualMatchPage = page(
  () => import('../../features/matching/pages/manual-match-page'),
  'ManualMatchPage',
);
export const FinesPage = page(() => import('../../features/fines/pages/fines-page'), 'FinesPage');
export const RepaymentsPage = page(
  () => import('../../features/repayments/pages/repayments-page'),
  'RepaymentsPage',
);
export const AddMoneyPage = page(
  () => import('../../features/capital/pages/add-money-page'),
  'AddMoneyPage',
);
export const WithdrawMoneyPage = page(
  () => import('../../features/capital/pages/withdraw-money-page'),
  'WithdrawMoneyPage',
);
export const RefundsPage = page(
  () => import('../../features/refunds/pages/refunds-page'),
  'RefundsPage',
);
export const RefundDetailPage = page(
  () => import('../../features/refunds/pages/refund-detail-page'),
  'RefundDetailPage',
);
