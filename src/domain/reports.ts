/**
 * The rows of the eleven admin reports (the spec's "Reports", "The calls it makes"), as GET /report/…
 * answers them in { data, total }: one shape for the server's queries and the client's
 * pages. Ids and counts are integers, amounts KES numbers with two decimals, instants
 * ISO 8601 strings in UTC.
 */
export type ReportPage<Row> = { data: Row[]; total: number };

export type LenderRow = {
  id: number;
  name: string | null;
  email: string;
  phoneNumber: string | null;
  status: string;
  createdAt: string;
};
export type BorrowersPerLenderRow = {
  lenderId: number;
  lenderName: string | null;
  businesses: number;
  borrowers: number;
  activeBorrowers: number;
};
export type BusinessesPerLenderRow = {
  lenderId: number;
  lenderName: string | null;
  businesses: number;
};
export type AgentsPerBusinessRow = {
  lenderBusinessId: number;
  businessName: string;
  lenderId: number;
  lenderName: string | null;
  agents: number;
  activeAgents: number;
};
export type CapitalPerLenderRow = {
  lenderId: number;
  lenderName: string | null;
  businesses: number;
  capital: number;
};
export type LenderActivityRow = {
  lenderId: number;
  lenderName: string | null;
  status: string;
  lastActive: string | null;
  loansIssued: number;
};
export type AgentActivityRow = {
  agentId: number;
  agentName: string;
  status: string;
  lastActive: string | null;
  loanApplications: number;
};
export type LoanPerformanceRow = {
  lenderId: number;
  lenderName: string | null;
  loans: number;
  approved: number;
  pending: number;
  rejected: number;
  writtenOff: number;
  defaulted: number;
  repaid: number;
  amountDue: number;
  amountCollected: number;
  /** Percent with two decimals; null when no loan is past its due date. */
  repaymentRate: number | null;
};
export type LoansPerLenderRow = {
  lenderId: number;
  lenderName: string | null;
  loanCount: number;
  writtenOff: number;
  defaulted: number;
  writtenOffAmount: number;
  defaultedAmount: number;
};
export type RevenuePerLenderRow = {
  lenderId: number;
  lenderName: string | null;
  interest: number;
  processingFees: number;
  fines: number;
  revenue: number;
};
export type UserGrowthRow = {
  /** "2026-11": a calendar month in Africa/Nairobi. */
  month: string;
  borrowers: number;
  agents: number;
  lenders: number;
  newUsers: number;
  totalUsers: number;
};
