/**
 * The eleven admin reports, each ONE SQL statement that
 * answers one row { total, data } (reportPage): the page of entities is taken first
 * (lenders, businesses or agents in id order, months newest first), and the figures are
 * computed for that page only, in LATERAL subqueries served by the indexes of schema.ts
 * (mostly index-only scans). So a page costs what its ten lenders' rows cost, not what
 * the whole loan book costs, and the total is the cheap count of the entities. Rows are
 * built as JSON by the database; amounts are numeric with two decimals, ids and counts
 * integers, instants ISO 8601 in UTC.
 *
 * Definitions (also in each route's OpenAPI description and the README):
 * - revenue = interest + processing fees + fines actually collected: interest and fines
 *   from the loan_payments split of repayments (fines → interest → principal), processing
 *   fees of loans that were disbursed (the fee is kept back at disbursement).
 * - repayment rate = collected ÷ due for loans past their due date (disbursed loans whose
 *   due date has passed): collected is what repayments paid on them (fines, interest and
 *   principal), due is their total amount (principal + interest) plus the fines drawn.
 * - last active = the later of users.last_active_at (written on signed-in requests) and
 *   the user's latest action: a loan applied for, a borrower registered, a follow-up
 *   written, an M-Pesa request initiated (deposit, withdrawal, disbursement, refund), a
 *   repayment matched by hand, a loan rejected or written off.
 * - user growth: calendar months in Africa/Nairobi, from the first registration to the
 *   current month; new borrowers, agents and lenders of the month, and the running total.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  AgentActivityRow,
  AgentsPerBusinessRow,
  BorrowersPerLenderRow,
  BusinessesPerLenderRow,
  CapitalPerLenderRow,
  LenderActivityRow,
  LenderRow,
  LoanPerformanceRow,
  LoansPerLenderRow,
  ReportPage,
  RevenuePerLenderRow,
  UserGrowthRow,
} from '../../../src/domain/reports';
import type { Tx } from '../../db/client';

export type PageWindow = { limit: number; offset: number };

/** Loans that were disbursed: the money went out and the fee was kept back. */
const DISBURSED = sql.raw(`('active', 'repaid', 'default', 'written_off')`);

/** A disbursed loan (alias lo) whose due date has passed: the repayment rate's loans. */
const PAST_DUE = sql`lo.status in ${DISBURSED} and lo.due_date < now()`;

/** The loans (alias lo) of the businesses of the page's lender p. */
const LENDER_LOANS = sql`
  from lender_businesses lb
  join loans lo on lo.lender_business_id = lb.id`;

/**
 * The balances the page's lender wrote off: one row { amount, unrecovered }, amount as
 * written off and unrecovered net of what borrowers paid after. Written-off loans are
 * past due.
 */
const WRITTEN_OFF = sql`
  select coalesce(sum(wo.amount), 0) as amount,
    coalesce(sum(wo.amount - wo.recovered_amount), 0) as unrecovered
  ${LENDER_LOANS} and lo.status = 'written_off'
  join write_offs wo on wo.loan_id = lo.id
  where lb.lender_id = p.id`;

const nameOf = (alias: string) =>
  sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

/** An instant as ISO 8601 in UTC, as JSON.stringify(new Date()) writes it. */
const isoOf = (expression: SQL) =>
  sql`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** When the page's user p was last active (see "last active" above), as ISO 8601. */
const LAST_ACTIVE = isoOf(sql`greatest(
  u.last_active_at,
  (select max(a.application_date) from loans a where a.requester_user_id = p.id),
  (select max(a.rejected_at) from loans a
    where a.approver_user_id = p.id and a.rejected_at is not null),
  (select max(a.created_at) from borrowers a where a.registered_by_user_id = p.id),
  (select max(a.created_at) from follow_ups a where a.agent_user_id = p.id),
  (select max(a.created_at) from mpesa_requests a where a.initiated_by_user_id = p.id),
  (select max(a.matched_at) from mpesa_repayment_transactions a where a.matched_by_user_id = p.id),
  (select max(a.created_at) from write_offs a where a.by_user_id = p.id)
)`);

/**
 * One page of a report in ONE statement: the CTE `page` (after any `before` CTEs) picks
 * the page's rows, `from` joins each page row p to its figures (LATERAL subqueries), and
 * the database answers { total, data } with each row built by `row` as a JSON object.
 */
async function reportPage<Row>(
  db: Tx,
  parts: { before?: SQL; page: SQL; total: SQL; row: SQL; from?: SQL; order?: SQL },
): Promise<ReportPage<Row>> {
  const answer = (await db.execute(sql`
    with ${parts.before ? sql`${parts.before},` : sql``} page as (${parts.page})
    select (${parts.total})::int as total,
      coalesce(json_agg(json_build_object(${parts.row}) order by ${parts.order ?? sql`p.id`}), '[]')
        as data
    from page p ${parts.from ?? sql``}`)) as unknown as {
    rows: { total: number | string; data: Row[] | null }[];
  };
  const [row] = answer.rows;
  return { data: row?.data ?? [], total: Number(row?.total ?? 0) };
}

const limitOf = (window: PageWindow) => sql`limit ${window.limit} offset ${window.offset}`;

/** The per-lender reports: every lender in id order, as lenderId and lenderName, and `row`. */
function perLender<Row>(db: Tx, window: PageWindow, row: SQL, from: SQL): Promise<ReportPage<Row>> {
  return reportPage<Row>(db, {
    page: sql`select l.id, ${nameOf('l')} as name from lenders l order by l.id ${limitOf(window)}`,
    total: sql`select count(*) from lenders`,
    row: sql`'lenderId', p.id, 'lenderName', p.name, ${row}`,
    from,
  });
}

export function lendersReport(db: Tx, window: PageWindow) {
  return reportPage<LenderRow>(db, {
    page: sql`
      select l.id, ${nameOf('l')} as name, l.phone_number, u.email, u.status, u.created_at
      from lenders l join users u on u.id = l.id
      order by l.id ${limitOf(window)}`,
    total: sql`select count(*) from lenders`,
    row: sql`'id', p.id, 'name', p.name, 'email', p.email, 'phoneNumber', p.phone_number,
      'status', p.status, 'createdAt', ${isoOf(sql`p.created_at`)}`,
  });
}

export function borrowersPerLenderReport(db: Tx, window: PageWindow) {
  return perLender<BorrowersPerLenderRow>(
    db,
    window,
    sql`'businesses', b.businesses, 'borrowers', c.borrowers, 'activeBorrowers', c.active`,
    sql`
    cross join lateral (
      select count(*)::int as businesses from lender_businesses lb where lb.lender_id = p.id
    ) b
    cross join lateral (
      select count(*)::int as borrowers,
        (count(*) filter (where br.status = 'active'))::int as active
      from lender_businesses lb
      join borrowers br on br.lender_business_id = lb.id
      where lb.lender_id = p.id
    ) c`,
  );
}

export function loansPerLenderReport(db: Tx, window: PageWindow) {
  return perLender<LoansPerLenderRow>(
    db,
    window,
    sql`'loanCount', c.loans, 'writtenOff', c.written_off, 'defaulted', c.defaulted,
      'writtenOffAmount', w.amount, 'defaultedAmount', c.defaulted_amount`,
    sql`
    cross join lateral (
      select count(*)::int as loans,
        (count(*) filter (where lo.status = 'written_off'))::int as written_off,
        (count(*) filter (where lo.status = 'default'))::int as defaulted,
        coalesce(sum(lo.outstanding_amount) filter (where lo.status = 'default'), 0)
          as defaulted_amount
      ${LENDER_LOANS}
      where lb.lender_id = p.id
    ) c
    cross join lateral (${WRITTEN_OFF}) w`,
  );
}

export function agentsPerBusinessReport(db: Tx, window: PageWindow) {
  return reportPage<AgentsPerBusinessRow>(db, {
    page: sql`
      select lb.id, lb.business_name, lb.lender_id
      from lender_businesses lb
      order by lb.id ${limitOf(window)}`,
    total: sql`select count(*) from lender_businesses`,
    row: sql`'lenderBusinessId', p.id, 'businessName', p.business_name, 'lenderId', p.lender_id,
      'lenderName', ${nameOf('l')}, 'agents', c.agents, 'activeAgents', c.active`,
    from: sql`
    join lenders l on l.id = p.lender_id
    cross join lateral (
      select count(*)::int as agents,
        (count(*) filter (where u.status = 'active'))::int as active
      from agent_businesses ab
      join users u on u.id = ab.agent_id
      where ab.lender_business_id = p.id
    ) c`,
  });
}

export function businessesPerLenderReport(db: Tx, window: PageWindow) {
  return perLender<BusinessesPerLenderRow>(
    db,
    window,
    sql`'businesses', c.businesses`,
    sql`
    cross join lateral (
      select count(*)::int as businesses from lender_businesses lb where lb.lender_id = p.id
    ) c`,
  );
}

export function capitalPerLenderReport(db: Tx, window: PageWindow) {
  return perLender<CapitalPerLenderRow>(
    db,
    window,
    sql`'businesses', c.businesses, 'capital', c.capital`,
    sql`
    cross join lateral (
      select count(*)::int as businesses, coalesce(sum(lb.capital_balance), 0) as capital
      from lender_businesses lb
      where lb.lender_id = p.id
    ) c`,
  );
}

export function loanPerformanceReport(db: Tx, window: PageWindow) {
  // Collected is computed with the loan ledger's identity (outstanding = total amount +
  // fines drawn − repayments applied − amount written off and not recovered), so that it
  // is read from the loans index and the few fines and write-offs, not from every
  // repayment of the lender.
  const due = sql`c.initial_due + f.drawn`;
  const collected = sql`c.initial_due + f.drawn - c.outstanding_due - w.unrecovered`;
  return perLender<LoanPerformanceRow>(
    db,
    window,
    sql`'loans', c.loans, 'approved', c.approved, 'pending', c.pending, 'rejected', c.rejected,
      'writtenOff', c.written_off, 'defaulted', c.defaulted, 'repaid', c.repaid,
      'amountDue', ${due}, 'amountCollected', ${collected},
      'repaymentRate', round(100 * (${collected}) / nullif(${due}, 0), 2)`,
    sql`
    cross join lateral (
      select count(*)::int as loans,
        (count(*) filter (where lo.status in ('active', 'disbursing')))::int as approved,
        (count(*) filter (where lo.status = 'pending'))::int as pending,
        (count(*) filter (where lo.status = 'rejected'))::int as rejected,
        (count(*) filter (where lo.status = 'written_off'))::int as written_off,
        (count(*) filter (where lo.status = 'default'))::int as defaulted,
        (count(*) filter (where lo.status = 'repaid'))::int as repaid,
        coalesce(sum(lo.initial_amount) filter (where ${PAST_DUE}), 0) as initial_due,
        coalesce(sum(lo.outstanding_amount) filter (where ${PAST_DUE}), 0) as outstanding_due
      ${LENDER_LOANS}
      where lb.lender_id = p.id
    ) c
    cross join lateral (
      select coalesce(sum(fi.fine_amount), 0) as drawn
      from lender_businesses lb
      join fines fi on fi.lender_business_id = lb.id
      join loans lo on lo.id = fi.loan_id and ${PAST_DUE}
      where lb.lender_id = p.id
    ) f
    cross join lateral (${WRITTEN_OFF}) w`,
  );
}

export function userGrowthReport(db: Tx, window: PageWindow) {
  // Each month is a range of instants [starts, ends) counted on the created_at indexes,
  // rather than every row's created_at converted to Nairobi time and grouped. `counted` is
  // materialized so that its counts are made once, not again for each use.
  return reportPage<UserGrowthRow>(db, {
    before: sql`
    months as (
      select m as month,
        m at time zone 'Africa/Nairobi' as starts,
        (m + interval '1 month') at time zone 'Africa/Nairobi' as ends
      from generate_series(
        date_trunc('month', least(
          (select min(b.created_at) from borrowers b),
          (select min(u.created_at) from users u where u.role = 'agent'),
          (select min(u.created_at) from users u where u.role = 'lender')
        ) at time zone 'Africa/Nairobi'),
        date_trunc('month', now() at time zone 'Africa/Nairobi'),
        interval '1 month'
      ) m
    ),
    counted as materialized (
      select mo.month,
        (select count(*) from borrowers b
          where b.created_at >= mo.starts and b.created_at < mo.ends)::int as borrowers,
        (select count(*) from users u
          where u.role = 'agent' and u.created_at >= mo.starts and u.created_at < mo.ends)::int
          as agents,
        (select count(*) from users u
          where u.role = 'lender' and u.created_at >= mo.starts and u.created_at < mo.ends)::int
          as lenders
      from months mo
    ),
    growth as (
      select month, borrowers, agents, lenders, borrowers + agents + lenders as new_users,
        (sum(borrowers + agents + lenders) over (order by month))::int as total_users
      from counted
    )`,
    page: sql`select * from growth order by month desc ${limitOf(window)}`,
    total: sql`select count(*) from months`,
    row: sql`'month', to_char(p.month, 'YYYY-MM'), 'borrowers', p.borrowers, 'agents', p.agents,
      'lenders', p.lenders, 'newUsers', p.new_users, 'totalUsers', p.total_users`,
    order: sql`p.month desc`,
  });
}

export function lenderActivityReport(db: Tx, window: PageWindow) {
  return perLender<LenderActivityRow>(
    db,
    window,
    sql`'status', u.status, 'lastActive', ${LAST_ACTIVE}, 'loansIssued', c.issued`,
    sql`
    join users u on u.id = p.id
    cross join lateral (
      select count(*)::int as issued
      ${LENDER_LOANS} and lo.status in ${DISBURSED}
      where lb.lender_id = p.id
    ) c`,
  );
}

export function agentActivityReport(db: Tx, window: PageWindow) {
  return reportPage<AgentActivityRow>(db, {
    page: sql`select a.id, ${nameOf('a')} as name from agents a order by a.id ${limitOf(window)}`,
    total: sql`select count(*) from agents`,
    row: sql`'agentId', p.id, 'agentName', p.name, 'status', u.status,
      'lastActive', ${LAST_ACTIVE}, 'loanApplications', c.applications`,
    from: sql`
    join users u on u.id = p.id
    cross join lateral (
      select count(*)::int as applications from loans lo where lo.requester_user_id = p.id
    ) c`,
  });
}

export function revenuePerLenderReport(db: Tx, window: PageWindow) {
  return perLender<RevenuePerLenderRow>(
    db,
    window,
    sql`'interest', pay.interest, 'processingFees', fee.fees, 'fines', pay.fines,
      'revenue', pay.interest + fee.fees + pay.fines`,
    sql`
    cross join lateral (
      select coalesce(sum(lp.interest_amount), 0) as interest,
        coalesce(sum(lp.fine_amount), 0) as fines
      from lender_businesses lb
      join loan_payments lp on lp.lender_business_id = lb.id
      where lb.lender_id = p.id
    ) pay
    cross join lateral (
      select coalesce(sum(lo.processing_fee), 0) as fees
      ${LENDER_LOANS} and lo.status in ${DISBURSED}
      where lb.lender_id = p.id
    ) fee`,
  );
}
