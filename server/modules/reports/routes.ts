/**
 * GET /report/{name}?page&limit: the eleven admin reports as
 * { data, total } (docs/architecture.md §3), for admin and super_admin only. The SQL is in
 * queries.ts; each route's OpenAPI description says what its figures mean.
 */
import { adminRoles } from '../../../src/domain/roles';
import type { Tx } from '../../db/client';
import { contract } from '../../lib/contract';
import type { RouteKey, ViewOf } from '../../../src/domain/routes';
import type { RoutesPlugin } from '../deps';
import {
  agentActivityReport,
  agentsPerBusinessReport,
  borrowersPerLenderReport,
  businessesPerLenderReport,
  capitalPerLenderReport,
  lenderActivityReport,
  lendersReport,
  loanPerformanceReport,
  loansPerLenderReport,
  revenuePerLenderReport,
  userGrowthReport,
  type PageWindow,
} from './queries';

const PAGING =
  'Query: page (1 to 1,000,000, default 1) and limit (1 to 100, default 10); a page past the end answers data [] with the total. ' +
  'Answers { data, total }: total counts every row of the report. Amounts are KES numbers with two decimals; instants are ISO 8601 in UTC. ';
const PER_LENDER = 'One row per lender (every lender account), in lender id order. ';
const LAST_ACTIVE =
  'lastActive is the later of the last signed-in request (users.last_active_at) and the latest action the user took: a loan applied for, a borrower registered, a follow-up written, an M-Pesa request initiated (deposit, withdrawal, disbursement, refund), a repayment matched by hand, a loan rejected or written off; null when there is neither. ';

/** The name of a report: its route is `GET /report/{name}` in the route table. */
type ReportPath = RouteKey extends infer K
  ? K extends `GET /report/${infer P}`
    ? P
    : never
  : never;

/** A report whose query answers the rows its route's view in the route table describes. */
type Report = {
  [P in ReportPath]: {
    path: P;
    summary: string;
    description: string;
    run: (db: Tx, window: PageWindow) => Promise<ViewOf<`GET /report/${P}`>>;
  };
}[ReportPath];

const defineReport = (report: Report): Report => report;

const reports: Report[] = [
  defineReport({
    path: 'lenders',
    summary: 'All Lenders',
    description:
      'Every lender account, in id order: id, name (first and last name, null before the profile is submitted), email, phoneNumber, status (New, Pending, Active, Rejected, Blocked, Suspended), createdAt.',
    run: lendersReport,
  }),
  defineReport({
    path: 'borrowers-per-lender',
    summary: 'Borrowers Per Lender',
    description:
      PER_LENDER +
      "borrowers counts the borrowers registered in the lender's businesses, whatever their status; activeBorrowers those with status active; businesses the lender's businesses.",
    run: borrowersPerLenderReport,
  }),
  defineReport({
    path: 'loans-per-lender',
    summary: 'Loans Per Lender',
    description:
      PER_LENDER +
      "loanCount counts every loan of the lender's businesses (every status, applications included); writtenOff the loans written off and writtenOffAmount the balances written off (before any recovery); defaulted the loans in default now and defaultedAmount what they still owe.",
    run: loansPerLenderReport,
  }),
  defineReport({
    path: 'agents-per-business',
    summary: 'Agents Per Business',
    description:
      'One row per lender business, in id order: lenderBusinessId, businessName, its lender, agents (agents assigned to the business, whatever their status) and activeAgents (status active).',
    run: agentsPerBusinessReport,
  }),
  defineReport({
    path: 'businesses-per-lender',
    summary: 'Lender Businesses',
    description:
      PER_LENDER +
      'businesses counts the lender businesses the lender registered, whatever their status.',
    run: businessesPerLenderReport,
  }),
  defineReport({
    path: 'capital-per-lender',
    summary: 'Capital Per Lender',
    description:
      PER_LENDER +
      "capital is the sum of the capital balances of the lender's businesses: each balance is the sum of its capital ledger (deposits and repayments in; disbursements, withdrawals and refunds out; failed M-Pesa payments reversed).",
    run: capitalPerLenderReport,
  }),
  defineReport({
    path: 'loan-performance',
    summary: 'Loan Performance',
    description:
      PER_LENDER +
      "Loans of the lender's businesses by their status now, each loan counted once: approved (approved and running: active, or its disbursement on its way), pending, rejected, writtenOff, defaulted, repaid; loans their total. " +
      'repaymentRate = collected ÷ due for loans past their due date, as a percent with two decimals (null when none is past due): those are the disbursed loans (active, repaid, default, written off) whose due date has passed; amountCollected is what repayments paid on them (fines, interest and principal; recoveries after a write-off included), amountDue their total amount (principal + interest) plus the fines drawn on them.',
    run: loanPerformanceReport,
  }),
  defineReport({
    path: 'user-growth',
    summary: 'User Growth',
    description:
      'One row per calendar month in Africa/Nairobi, newest first, from the month of the first registration to the current month (months without registrations included): month ("YYYY-MM"), borrowers, agents and lenders registered that month, newUsers their sum, and totalUsers the borrowers, agents and lenders registered up to the end of that month. Administrators are not counted.',
    run: userGrowthReport,
  }),
  defineReport({
    path: 'lender-activity',
    summary: 'Lender Activity',
    description:
      PER_LENDER +
      LAST_ACTIVE +
      "loansIssued counts the loans the lender's businesses disbursed (active, repaid, default, written off).",
    run: lenderActivityReport,
  }),
  defineReport({
    path: 'agent-activity',
    summary: 'Agent Activity',
    description:
      'One row per agent, in id order: agentId, agentName, status. ' +
      LAST_ACTIVE +
      'loanApplications counts the loans the agent applied for, whatever became of them.',
    run: agentActivityReport,
  }),
  defineReport({
    path: 'revenue-per-lender',
    summary: 'Revenue Per Lender',
    description:
      PER_LENDER +
      "revenue = interest + processingFees + fines actually collected in the lender's businesses: interest and fines are the parts of repayments applied to them (the loan_payments split: fines first, then interest, then principal); processingFees are the fees of the loans disbursed (kept back from the amount sent at disbursement). Overpayments refunded and balances written off are not revenue.",
    run: revenuePerLenderReport,
  }),
];

/** The eleven paths under /report/, in the order the admin console lists the reports. */
export const reportPaths = reports.map((report) => report.path);

export const reportRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const admins = app.requireRole(...adminRoles);

  for (const report of reports) {
    app.get(
      `/report/${report.path}`,
      {
        onRequest: admins,
        schema: {
          tags: ['reports'],
          summary: report.summary,
          description: PAGING + report.description,
          ...contract(`GET /report/${report.path}` as const),
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        return report.run(db, { limit, offset: (page - 1) * limit });
      },
    );
  }
};
