/** Texts of the role dashboards and their counts. */
import { inLanguage } from './language';
const en = {
  // admin
  adminTitle: 'Admin Dashboard',
  adminSubtitle: 'Lenders, businesses, agents and borrowers across the platform.',
  lenderOverview: 'Lender Overview',
  lenderBusinessOverview: 'Lender Business Overview',
  agentOverview: 'Agent Overview',
  borrowerOverview: 'Borrower Overview',
  total: 'Total',
  statusCounts: {
    New: 'New',
    Active: 'Active',
    Pending: 'Pending',
    Rejected: 'Rejected',
    Blocked: 'Blocked',
    new: 'New',
    active: 'Active',
    rejected: 'Rejected',
    blocked: 'Blocked',
    // Agents' "suspended" count is labelled Pending on the admin card.
    agentSuspended: 'Pending',
    suspended: 'Suspended',
    flagged: 'Flagged',
    erased: 'Erased',
  },
  recentActivity: 'Recent Activity',
  recentActivityEmpty: 'No recent activity yet.',
  systemAlerts: 'System Alerts',
  systemAlertsEmpty: 'No system alerts.',

  // lender
  greeting: (name: string) => `Welcome back, ${name}`,
  lenderSubtitle: (businessName: string) => `Your figures for ${businessName}.`,
  userOverview: 'User Overview',
  activeAgents: 'Active agents',
  activeBorrowers: 'Active borrowers',
  availableCapital: 'Available Capital',
  balance: 'Balance',
  loanApplied: 'Loan Applied',
  pendingAmount: 'Pending amount',
  pendingCount: 'Pending loans',
  approvedAmount: 'Approved Amount',
  activeAmount: 'Active amount',
  activeCount: 'Active loans',
  loansExisting: 'Loans Existing',
  myWallet: 'My Wallet',
  columns: {
    borrower: 'Borrower',
    requesterAgent: 'Requester Agent',
    principalAmount: 'Principal Amount',
    lenderLoanPlan: 'Lender Loan Plan',
    loanCode: 'Loan Code',
    status: 'Status',
    source: 'Source',
    lenderBusiness: 'Lender Business',
    amount: 'Amount',
    balance: 'Balance',
    date: 'Date',
  },
  noLoans: 'No loans yet. Loans filed by your agents appear here.',
  noTransactions: 'No wallet transactions yet. Add money to your business to start lending.',

  // agent
  agentTitle: 'Agent Dashboard',
  agentSubtitle: (businessName: string) => `Your work for ${businessName}.`,
  activeBorrowersCard: 'Active Borrowers',
  loanApproved: 'Loan Approved',
  myLoans: 'My Loans',
  noAgentLoans: 'No loans yet. File a loan application to see it here.',

  // without a selected business
  chooseBusinessPrompt: 'Choose a business to see its figures',
  chooseBusinessText: 'Your dashboard shows the figures of one business at a time.',
  dashboardSubtitleNoBusiness: 'Choose a business to get started.',
} as const;

export const dashboardsText = inLanguage('dashboards', en);
export { en as dashboardsEnglish };
