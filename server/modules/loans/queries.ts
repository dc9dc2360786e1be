/** Reading loans as the API answers them (loanView). */
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Loan, LoanListQuery, LoanSortColumn } from '../../../src/domain/loans';
import { alias } from 'drizzle-orm/pg-core';
import { decimalToNumber } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import type { Wire } from '../../lib/validation';
import {
  agents,
  borrowers,
  lenderBusinesses,
  lenders,
  loanPlans,
  loans,
  users,
} from '../../db/schema';

const requester = alias(users, 'requester');
const requesterAgent = alias(agents, 'requester_agent');
const requesterLender = alias(lenders, 'requester_lender');
const approver = alias(users, 'approver');
const approverAgent = alias(agents, 'approver_agent');
const approverLender = alias(lenders, 'approver_lender');

/** Who a loan's borrower is (loanBorrowerIdentity in src/domain/loans.ts): every loan list selects it. */
export const borrowerIdentity = {
  id: borrowers.id,
  firstName: borrowers.firstName,
  lastName: borrowers.lastName,
  phoneNumber: borrowers.phoneNumber,
  idNumber: borrowers.idNumber,
};

const sortColumns = {
  applicationDate: loans.applicationDate,
  disbursementDate: loans.disbursementDate,
  principalAmount: loans.principalAmount,
  disbursementAmount: loans.disbursementAmount,
  outstandingAmount: loans.outstandingAmount,
  loanCode: loans.loanCode,
  status: loans.status,
} satisfies Record<LoanSortColumn, unknown>;

export type LoanOrder = { sort: LoanSortColumn; order: 'asc' | 'desc' };

export async function countLoans(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await runPrepared(
    tx
      .select({ count: sql<number>`count(*)::int` })
      .from(loans)
      .where(where),
  );
  return row?.count ?? 0;
}

export async function findLoans(
  tx: Tx,
  where: SQL | undefined,
  options: { limit?: number; offset?: number; order?: LoanOrder } = {},
) {
  const by = options.order
    ? (options.order.order === 'asc' ? asc : desc)(sortColumns[options.order.sort])
    : desc(loans.applicationDate);
  // A page is chosen on the loans alone (an index read in order that stops after its
  // rows), then joined: joined first, the planner misjudges an agent's share of a
  // business and sorts every loan with its borrower to keep one page.
  const paged = options.limit !== undefined || options.offset !== undefined;
  const page = tx
    .select({ id: loans.id })
    .from(loans)
    .where(where)
    .orderBy(by, desc(loans.id))
    .limit(options.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(options.offset ?? 0)
    .as('page');
  const query = tx
    .select({
      loan: loans,
      borrower: {
        ...borrowerIdentity,
        nextOfKinName: borrowers.nextOfKinName,
        nextOfKinNumber: borrowers.nextOfKinNumber,
        nextOfKinRelation: borrowers.nextOfKinRelation,
        loanLimit: borrowers.loanLimit,
      },
      plan: { id: loanPlans.id, name: loanPlans.name },
      business: {
        id: lenderBusinesses.id,
        businessName: lenderBusinesses.businessName,
        lenderBusinessCode: lenderBusinesses.lenderBusinessCode,
      },
      requesterFirst: sql<
        string | null
      >`coalesce(${requesterAgent.firstName}, ${requesterLender.firstName})`,
      requesterLast: sql<
        string | null
      >`coalesce(${requesterAgent.lastName}, ${requesterLender.lastName})`,
      requesterRole: requester.role,
      approverFirst: sql<
        string | null
      >`coalesce(${approverAgent.firstName}, ${approverLender.firstName})`,
      approverLast: sql<
        string | null
      >`coalesce(${approverAgent.lastName}, ${approverLender.lastName})`,
    })
    .from(loans)
    .$dynamic();
  const rows = await runPrepared(
    (paged ? query.innerJoin(page, eq(page.id, loans.id)) : query.where(where))
      .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
      .innerJoin(loanPlans, eq(loanPlans.id, loans.lenderLoanPlanId))
      .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loans.lenderBusinessId))
      .leftJoin(requester, eq(requester.id, loans.requesterUserId))
      .leftJoin(requesterAgent, eq(requesterAgent.id, loans.requesterUserId))
      .leftJoin(requesterLender, eq(requesterLender.id, loans.requesterUserId))
      .leftJoin(approver, eq(approver.id, loans.approverUserId))
      .leftJoin(approverAgent, eq(approverAgent.id, loans.approverUserId))
      .leftJoin(approverLender, eq(approverLender.id, loans.approverUserId))
      .orderBy(by, desc(loans.id)),
  );
  return rows.map((row) => {
    const { plan: terms, ...loan } = loanFields(row.loan);
    // The answer's contract (loanView): what the query reads must fit it, field for field.
    return {
      ...loan,
      borrower: { ...row.borrower, loanLimit: decimalToNumber(row.borrower.loanLimit) },
      requesterAgent: row.requesterFirst
        ? { firstName: row.requesterFirst, lastName: row.requesterLast ?? '' }
        : null,
      approverAgent: row.approverFirst
        ? { firstName: row.approverFirst, lastName: row.approverLast ?? '' }
        : null,
      lenderLoanPlan: { ...terms, name: row.plan.name, lenderBusiness: row.business },
    } satisfies Wire<Loan>;
  });
}

/**
 * A loan row's own fields as the loan views carry them: its figures, dates and people's
 * ids, and the plan's terms as stored at application (the agent's working set sends
 * these, and joins the names on the phone).
 */
export function loanFields(loan: typeof loans.$inferSelect) {
  const money = (value: string) => decimalToNumber(value);
  return {
    id: loan.id,
    loanCode: loan.loanCode,
    status: loan.status,
    principalAmount: money(loan.principalAmount),
    processingFee: money(loan.processingFee),
    interestAmount: money(loan.interestAmount),
    initialAmount: money(loan.initialAmount),
    disbursementAmount: money(loan.disbursementAmount),
    outstandingAmount: money(loan.outstandingAmount),
    applicationDate: loan.applicationDate,
    disbursementDate: loan.disbursementDate,
    dueDate: loan.dueDate,
    /** Why M-Pesa did not pay the last disbursement (the loan is pending again), else null. */
    disbursementFailure: loan.disbursementFailure,
    disbursementFailedAt: loan.disbursementFailedAt,
    lenderBusinessId: loan.lenderBusinessId,
    borrowerId: loan.borrowerId,
    requesterUserId: loan.requesterUserId,
    approverUserId: loan.approverUserId,
    plan: {
      id: loan.lenderLoanPlanId,
      durationInDays: loan.durationInDays,
      cycleDays: loan.cycleDays,
      interestRate: money(loan.interestRate),
      processingFee: money(loan.processingFeeRate),
      fineRateWithinLoanPeriod: money(loan.fineRateWithinLoanPeriod),
      fineRateOverLoanPeriod: money(loan.fineRateOverLoanPeriod),
      gracePeriodWithinLoanPeriod: money(loan.gracePeriodWithinLoanPeriod),
      gracePeriodOverLoanPeriod: money(loan.gracePeriodOverLoanPeriod),
    },
  };
}

/** One loan as the API answers it, or undefined. */
export async function findLoan(tx: Tx, loanId: number) {
  const [loan] = await findLoans(tx, eq(loans.id, loanId));
  return loan;
}

/**
 * The loans of a business matching a list's filters (status, part of the code), and with
 * `requesterUserId` only those that user applied for (an agent's own applications).
 */
export function loanListFilter(
  businessId: number,
  query: Partial<LoanListQuery>,
  requesterUserId?: number,
): SQL {
  return and(
    eq(loans.lenderBusinessId, businessId),
    query.status ? eq(loans.status, query.status) : undefined,
    query.code ? ilike(loans.loanCode, `%${query.code.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    requesterUserId === undefined ? undefined : eq(loans.requesterUserId, requesterUserId),
  )!;
}

/**
 * The whole filtered list (total null), or with `page` one page and the matching total
 * (the route sends it in X-Total-Count).
 */
export async function listLoans(tx: Tx, where: SQL, query: LoanListQuery) {
  const order = query.sort ? { sort: query.sort, order: query.order } : undefined;
  if (query.page === undefined)
    return { loans: await findLoans(tx, where, { order }), total: null };
  const [total, page] = await Promise.all([
    countLoans(tx, where),
    findLoans(tx, where, { order, limit: query.limit, offset: (query.page - 1) * query.limit }),
  ]);
  return { loans: page, total };
}
