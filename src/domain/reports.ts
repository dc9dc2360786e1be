/**
 * The rows of the eleven admin reports, as GET /report/…
 * answers them in { data, total }: one schema for the server's answers and the client's
 * pages. Ids and counts are integers, amounts KES numbers with two decimals, instants
 * ISO 8601 strings in UTC.
 */
import * as v from 'valibot';
import { reportsText } from '../i18n/reports';
import { MAX_PAGE, MAX_PAGE_LIMIT, wholeNumberText } from './fields';
import { amount, count, idValue, pageOf, timestamp } from './answers';
import { agentStatuses, lenderStatuses } from './roles';

/** The answer of GET /report/…: { data: the page's rows, total }. */
export const reportPageView = pageOf;

/**
 * One page of a report, as `reportPageView(row)` answers it: its rows, and how many rows
 * the whole report has (typed by the row, where the row's schema is not at hand).
 */
export type ReportPage<Row> = v.InferOutput<
  ReturnType<typeof reportPageView<v.GenericSchema<unknown, Row>>>
>;

const lenderName = v.nullable(v.string());

export const lenderRowView = v.object({
  id: idValue,
  name: lenderName,
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  status: v.picklist(lenderStatuses),
  createdAt: timestamp,
});
export type LenderRow = v.InferOutput<typeof lenderRowView>;

export const borrowersPerLenderRowView = v.object({
  lenderId: idValue,
  lenderName,
  businesses: idValue,
  borrowers: idValue,
  activeBorrowers: idValue,
});
export type BorrowersPerLenderRow = v.InferOutput<typeof borrowersPerLenderRowView>;

export const businessesPerLenderRowView = v.object({
  lenderId: idValue,
  lenderName,
  businesses: idValue,
});
export type BusinessesPerLenderRow = v.InferOutput<typeof businessesPerLenderRowView>;

export const agentsPerBusinessRowView = v.object({
  lenderBusinessId: idValue,
  businessName: v.string(),
  lenderId: idValue,
  lenderName,
  agents: idValue,
  activeAgents: idValue,
});
export type AgentsPerBusinessRow = v.InferOutput<typeof agentsPerBusinessRowView>;

export const capitalPerLenderRowView = v.object({
  lenderId: idValue,
  lenderName,
  businesses: idValue,
  capital: amount,
});
export type CapitalPerLenderRow = v.InferOutput<typeof capitalPerLenderRowView>;

export const lenderActivityRowView = v.object({
  lenderId: idValue,
  lenderName,
  status: v.picklist(lenderStatuses),
  lastActive: v.nullable(timestamp),
  loansIssued: idValue,
});
export type LenderActivityRow = v.InferOutput<typeof lenderActivityRowView>;

export const agentActivityRowView = v.object({
  agentId: idValue,
  agentName: v.nullable(v.string()),
  status: v.picklist(agentStatuses),
  lastActive: v.nullable(timestamp),
  loanApplications: idValue,
});
export type AgentActivityRow = v.InferOutput<typeof agentActivityRowView>;

export const loanPerformanceRowView = v.object({
  lenderId: idValue,
  lenderName,
  loans: idValue,
  approved: idValue,
  pending: idValue,
  rejected: idValue,
  writtenOff: idValue,
  defaulted: idValue,
  repaid: idValue,
  amountDue: amount,
  amountCollected: amount,
  /** Percent with two decimals; null when no loan is past its due date. */
  repaymentRate: v.nullable(v.number()),
});
export type LoanPerformanceRow = v.InferOutput<typeof loanPerformanceRowView>;

export const loansPerLenderRowView = v.object({
  lenderId: idValue,
  lenderName,
  loanCount: count,
  writtenOff: idValue,
  defaulted: idValue,
  writtenOffAmount: amount,
  defaultedAmount: amount,
});
export type LoansPerLenderRow = v.InferOutput<typeof loansPerLenderRowView>;

export const revenuePerLenderRowView = v.object({
  lenderId: idValue,
  lenderName,
  interest: amount,
  processingFees: amount,
  fines: amount,
  revenue: amount,
});
export type RevenuePerLenderRow = v.InferOutput<typeof revenuePerLenderRowView>;

export const userGrowthRowView = v.object({
  /** "2026-11": a calendar month in Africa/Nairobi. */
  month: v.string(),
  borrowers: idValue,
  agents: idValue,
  lenders: idValue,
  newUsers: idValue,
  totalUsers: count,
});
export type UserGrowthRow = v.InferOutput<typeof userGrowthRowView>;

/** A report's page: page 1 to 1,000,000 (1 by default), limit 1 to 100 (10 by default). */
export const reportPageQuerySchema = v.object({
  page: v.optional(wholeNumberText(1, MAX_PAGE, reportsText.invalidPage), '1'),
  limit: v.optional(wholeNumberText(1, MAX_PAGE_LIMIT, reportsText.invalidLimit), '10'),
});
