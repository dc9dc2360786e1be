/**
 * Follow-ups: the active and
 * defaulted loans of an agent's businesses, most overdue first, and the notes agents
 * record about them.
 */
import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { daysOverdue, followUpLoanStatuses } from '../../../src/domain/field-work';
import { decimalToNumber } from '../../../src/domain/money';
import { loansText } from '../../../src/i18n/loans';
import type { Db, Tx } from '../../db/client';
import {
  agentBusinesses,
  agents,
  borrowers,
  followUps,
  lenderBusinesses,
  lenders,
  loanPlans,
  loans,
} from '../../db/schema';
import { notFound, notFoundAs } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { businessFor, reachableBusiness } from '../businesses/access';
import { borrowerIdentity } from '../loans/queries';

/**
 * The loans an agent follows up, in one query: the loan with its borrower, plan and
 * business, and the date and number of its follow-ups from one lateral aggregate.
 * Overdue loans come first (the earliest due date is the most overdue). All of them, or
 * with `page` that page and how many there are in all (null without a page).
 */
export async function loansForFollowUp(
  tx: Tx,
  user: AuthUser,
  lenderBusinessId: number | undefined,
  paging: { page?: number; limit: number } = { limit: 50 },
) {
  if (lenderBusinessId !== undefined) await businessFor(tx, user, lenderBusinessId);
  const mine = and(
    eq(agentBusinesses.lenderBusinessId, loans.lenderBusinessId),
    eq(agentBusinesses.agentId, user.id),
  );
  const where = and(
    inArray(loans.status, [...followUpLoanStatuses]),
    lenderBusinessId === undefined ? undefined : eq(loans.lenderBusinessId, lenderBusinessId),
  );
  const history = tx
    .select({
      lastFollowUpAt: max(followUps.createdAt).as('last_follow_up_at'),
      followUpCount: count().as('follow_up_count'),
    })
    .from(followUps)
    .where(eq(followUps.loanId, loans.id))
    .as('history');
  const rows = await tx
    .select({
      loan: {
        id: loans.id,
        loanCode: loans.loanCode,
        status: loans.status,
        principalAmount: loans.principalAmount,
        outstandingAmount: loans.outstandingAmount,
        disbursementDate: loans.disbursementDate,
        dueDate: loans.dueDate,
        durationInDays: loans.durationInDays,
        lenderBusinessId: loans.lenderBusinessId,
      },
      business: { id: lenderBusinesses.id, businessName: lenderBusinesses.businessName },
      borrower: borrowerIdentity,
      planName: loanPlans.name,
      lastFollowUpAt: history.lastFollowUpAt,
      followUpCount: history.followUpCount,
    })
    .from(loans)
    .innerJoin(agentBusinesses, mine)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loans.lenderBusinessId))
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .innerJoin(loanPlans, eq(loanPlans.id, loans.lenderLoanPlanId))
    .leftJoinLateral(history, sql`true`)
    .where(where)
    .orderBy(sql`${loans.dueDate} asc nulls last`, asc(loans.id))
    .limit(paging.page === undefined ? Number.MAX_SAFE_INTEGER : paging.limit)
    .offset(paging.page === undefined ? 0 : (paging.page - 1) * paging.limit);
  const [counted] =
    paging.page === undefined
      ? [undefined]
      : await tx
          .select({ total: count() })
          .from(loans)
          .innerJoin(agentBusinesses, mine)
          .where(where);
  const now = new Date();
  const list = rows.map(
    ({ loan, business, borrower, planName, lastFollowUpAt, followUpCount }) => ({
      id: loan.id,
      loanCode: loan.loanCode,
      status: loan.status,
      principalAmount: decimalToNumber(loan.principalAmount),
      outstandingAmount: decimalToNumber(loan.outstandingAmount),
      disbursementDate: loan.disbursementDate,
      dueDate: loan.dueDate,
      daysOverdue: daysOverdue(loan.dueDate, now),
      lenderBusinessId: loan.lenderBusinessId,
      lenderBusiness: business,
      borrower,
      lenderLoanPlan: { name: planName, durationInDays: loan.durationInDays },
      // The aggregate's max() comes back as text through a subquery.
      lastFollowUpAt: lastFollowUpAt === null ? null : new Date(lastFollowUpAt),
      followUpCount: Number(followUpCount ?? 0),
    }),
  );
  return { loans: list, total: counted ? Number(counted.total) : null };
}

/** A loan of a business the user may reach, else 404 (no lock: nothing is changed). */
export async function reachableLoan(tx: Tx, user: AuthUser, loanId: number) {
  const [loan] = await tx
    .select({ id: loans.id, lenderBusinessId: loans.lenderBusinessId })
    .from(loans)
    .where(eq(loans.id, loanId));
  if (!loan) throw notFound(loansText.loanNotFound);
  await businessFor(tx, user, loan.lenderBusinessId).catch(notFoundAs(loansText.loanNotFound));
  return loan;
}

/** Follow-ups with their author's name (an agent's, or a lender's), newest first. */
async function findFollowUps(tx: Tx, where: SQL) {
  const rows = await tx
    .select({
      followUp: followUps,
      firstName: sql<string | null>`coalesce(${agents.firstName}, ${lenders.firstName})`,
      lastName: sql<string | null>`coalesce(${agents.lastName}, ${lenders.lastName})`,
    })
    .from(followUps)
    .leftJoin(agents, eq(agents.id, followUps.agentUserId))
    .leftJoin(lenders, eq(lenders.id, followUps.agentUserId))
    .where(where)
    .orderBy(desc(followUps.createdAt), desc(followUps.id));
  return rows.map(({ followUp, firstName, lastName }) => ({
    id: followUp.id,
    comment: followUp.comment,
    createdAt: followUp.createdAt,
    loanId: followUp.loanId,
    agent: { firstName: firstName ?? '', lastName: lastName ?? '' },
  }));
}

type FollowUpView = Awaited<ReturnType<typeof findFollowUps>>[number];

export async function followUpsOfLoan(db: Db, user: AuthUser, loanId: number) {
  const loan = await reachableLoan(db, user, loanId);
  return findFollowUps(db, eq(followUps.loanId, loan.id));
}

/**
 * Records a follow-up in one statement (this is the agent's most frequent write, and an
 * outbox drains a thousand of them): an insert from the loan, checked against the user's
 * businesses (reachableLoan's rule), that answers the author's name with the new row. No
 * row means no such loan within reach. The answer is the view findFollowUps would read.
 */
export async function createFollowUp(
  db: Tx,
  user: AuthUser,
  input: { loanId: number; comment: string },
): Promise<FollowUpView> {
  // drizzle's insert-from-select wants every column, the generated id too: written out.
  const nameOf = (column: 'first_name' | 'last_name') => sql`coalesce(
    (select ${sql.identifier(column)} from ${agents} where ${agents.id} = ${user.id}),
    (select ${sql.identifier(column)} from ${lenders} where ${lenders.id} = ${user.id}))`;
  const answer = (await db.execute(sql`
    insert into ${followUps} (loan_id, lender_business_id, agent_user_id, comment)
    select ${loans.id}, ${loans.lenderBusinessId}, ${user.id}::bigint, ${input.comment}::text
    from ${loans}
    where ${and(eq(loans.id, input.loanId), reachableBusiness(db, user, loans.lenderBusinessId))}
    returning id, comment, created_at, loan_id,
      ${nameOf('first_name')} as first_name, ${nameOf('last_name')} as last_name`)) as unknown as {
    rows: {
      id: number | string;
      comment: string;
      created_at: string;
      loan_id: number | string;
      first_name: string | null;
      last_name: string | null;
    }[];
  };
  const [row] = answer.rows;
  const created = row && {
    id: Number(row.id),
    comment: row.comment,
    // Timestamps come as text ("2026-11-26 09:30:00.123+00"), as drizzle reads them.
    createdAt: new Date(row.created_at),
    loanId: Number(row.loan_id),
    firstName: row.first_name,
    lastName: row.last_name,
  };
  if (!created) throw notFound(loansText.loanNotFound);
  return {
    id: created.id,
    comment: created.comment,
    createdAt: created.createdAt,
    loanId: created.loanId,
    agent: { firstName: created.firstName ?? '', lastName: created.lastName ?? '' },
  };
}
