/**
 * The complaints register (the README's "Complaints", docs/complaints.md): complaints come from a
 * borrower's SMS, an agent (offline too, through the outbox) or the lender; each gets a
 * reference, the deadline of the rules and an acknowledgement SMS. Lenders work them through
 * open → in progress → resolved (with a resolution the borrower gets by SMS) → closed.
 * Every change is audit-logged, and the audit log is the complaint's history.
 */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complaintCategories,
  complaintDeadline,
  complaintStatuses,
  complaintTransitions,
  isOverdue,
  unresolvedStatuses,
  type ComplaintCategory,
  type ComplaintChannel,
  type ComplaintStatus,
} from '../../../src/domain/complaints';
import { complaintsServerText as text } from '../../../src/i18n/complaints';
import { toCsv } from '../../../src/domain/csv';
import type { Db, Tx } from '../../db/client';
import {
  agentBusinesses,
  agents,
  auditLog,
  borrowers,
  complaints,
  lenderBusinesses,
  lenders,
  loans,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound, notFoundAs } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { businessFor } from '../businesses/access';
import { noticeComplaint } from '../sms/notices';

type ComplaintRow = typeof complaints.$inferSelect;

const ownerUser = alias(users, 'owner_user');
const ownerAgent = alias(agents, 'owner_agent');
const ownerLender = alias(lenders, 'owner_lender');

const personName = (first: unknown, last: unknown) =>
  sql`nullif(trim(coalesce(${first}, '') || ' ' || coalesce(${last}, '')), '')`;

/** The columns of a complaint as the API answers it (complaintView), but `overdue`. */
const viewColumns = {
  complaint: complaints,
  businessName: lenderBusinesses.businessName,
  lenderId: lenderBusinesses.lenderId,
  borrowerName: sql<string | null>`${personName(borrowers.firstName, borrowers.lastName)}`,
  phoneNumber: borrowers.phoneNumber,
  loanCode: loans.loanCode,
  ownerName: sql<
    string | null
  >`coalesce(${personName(ownerAgent.firstName, ownerAgent.lastName)}, ${personName(ownerLender.firstName, ownerLender.lastName)}, ${ownerUser.email})`,
};

function selectViews(tx: Tx) {
  return tx
    .select(viewColumns)
    .from(complaints)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, complaints.lenderBusinessId))
    .leftJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
    .leftJoin(loans, eq(loans.id, complaints.loanId))
    .leftJoin(ownerUser, eq(ownerUser.id, complaints.ownerUserId))
    .leftJoin(ownerAgent, eq(ownerAgent.id, complaints.ownerUserId))
    .leftJoin(ownerLender, eq(ownerLender.id, complaints.ownerUserId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function toView(row: ViewRow, now: Date) {
  const c = row.complaint;
  return {
    id: c.id,
    reference: c.reference,
    lenderBusinessId: c.lenderBusinessId,
    businessName: row.businessName,
    lenderId: row.lenderId,
    borrowerId: c.borrowerId,
    borrowerName: row.borrowerName,
    phoneNumber: row.phoneNumber,
    loanId: c.loanId,
    loanCode: row.loanCode,
    channel: c.channel,
    category: c.category,
    text: c.text,
    status: c.status,
    receivedAt: c.receivedAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    overdue: isOverdue(c, now),
    ownerUserId: c.ownerUserId,
    ownerName: row.ownerName,
    recordedByUserId: c.recordedByUserId,
    resolution: c.resolution,
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
  };
}
export type ComplaintViewRow = ReturnType<typeof toView>;

async function viewOf(tx: Tx, id: number, now: Date) {
  const [row] = await selectViews(tx).where(eq(complaints.id, id));
  if (!row) throw notFound(text.notFound);
  return toView(row, now);
}

/** Writes a complaint with its reference and deadline, its audit entry and acknowledgement. */
async function insertComplaint(
  tx: Tx,
  values: {
    lenderBusinessId: number;
    borrowerId: number | null;
    loanId: number | null;
    channel: ComplaintChannel;
    category: ComplaintCategory;
    text: string;
    recordedByUserId: number | null;
    sourceMessageId?: string;
  },
  now: Date,
): Promise<ComplaintRow> {
  const year = new Date(now.getTime() + 3 * 3_600_000).getUTCFullYear();
  const [row] = await tx
    .insert(complaints)
    .values({
      ...values,
      reference: sql`${`CMP-${year}-`} || lpad(nextval('complaint_reference_seq')::text, 6, '0')`,
      receivedAt: now,
      dueAt: complaintDeadline(now),
      // The lender owns what its team records; what arrives otherwise waits for an owner.
      ownerUserId: values.channel === 'lender' ? values.recordedByUserId : null,
    })
    .returning();
  if (!row) throw new Error('complaint not written');
  await recordAudit(tx, {
    actorUserId: values.recordedByUserId,
    action: 'complaint.created',
    subjectType: 'complaint',
    subjectId: row.id,
    details: { reference: row.reference, channel: row.channel, category: row.category },
  });
  await noticeComplaint(tx, { ...row, resolvedAt: null }, 'complaint_received');
  return row;
}

export type NewComplaint = {
  lenderBusinessId: number;
  borrowerId: number | null;
  loanId: number | null;
  category: ComplaintCategory;
  text: string;
};

/** An agent (for a borrower of its business) or the lender records a complaint. */
export async function createComplaint(tx: Tx, user: AuthUser, input: NewComplaint, now: Date) {
  const business = await businessFor(tx, user, input.lenderBusinessId);
  if (user.role === 'agent' && input.borrowerId === null) {
    throw badRequest(text.agentNeedsBorrower);
  }
  if (input.borrowerId !== null) {
    const [borrower] = await tx
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(and(eq(borrowers.id, input.borrowerId), eq(borrowers.lenderBusinessId, business.id)));
    if (!borrower) throw notFound(text.borrowerNotFound);
  }
  if (input.loanId !== null) {
    const [loan] = await tx
      .select({ borrowerId: loans.borrowerId })
      .from(loans)
      .where(and(eq(loans.id, input.loanId), eq(loans.lenderBusinessId, business.id)));
    if (!loan) throw notFound(text.loanNotFound);
    if (input.borrowerId !== null && loan.borrowerId !== input.borrowerId) {
      throw badRequest(text.loanOfOtherBorrower);
    }
  }
  const row = await insertComplaint(
    tx,
    {
      lenderBusinessId: business.id,
      borrowerId: input.borrowerId,
      loanId: input.loanId,
      channel: user.role === 'agent' ? 'agent' : 'lender',
      category: input.category,
      text: input.text,
      recordedByUserId: user.id,
    },
    now,
  );
  return viewOf(tx, row.id, now);
}

export type InboundSms = { from: string; text: string; id: string };

export type SmsComplaintOutcome =
  | { registered: true; reference: string; complaintId: number }
  | { registered: false; reason: 'unknown_phone' | 'repeat' };

/**
 * A complaint by SMS from a borrower's phone. The number may be a borrower of several
 * businesses: the complaint goes to ONE, the business of the borrower's most recent loan
 * (else the most recently registered borrower record), because a complaint is almost always
 * about the lender the borrower deals with now, and sending its text to every lender the
 * number ever borrowed from would tell each of them about the others.
 */
export async function registerSmsComplaint(
  tx: Tx,
  sms: InboundSms,
  complaintText: string,
  phoneNumber: string,
  now: Date,
): Promise<SmsComplaintOutcome> {
  if (sms.id) {
    // The same message delivered twice at once: the second waits for the first to commit,
    // then finds it (instead of tripping the unique index with a 500).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`complaint-sms:${sms.id}`}))`);
    const [seen] = await tx
      .select({ id: complaints.id })
      .from(complaints)
      .where(eq(complaints.sourceMessageId, sms.id));
    if (seen) return { registered: false, reason: 'repeat' };
  }
  const latestLoan = tx
    .select({ appliedAt: sql`max(${loans.createdAt})`.as('latest_loan_at') })
    .from(loans)
    .where(eq(loans.borrowerId, borrowers.id))
    .as('latest_loan');
  const [match] = await tx
    .select({
      borrowerId: borrowers.id,
      lenderBusinessId: borrowers.lenderBusinessId,
    })
    .from(borrowers)
    .leftJoinLateral(latestLoan, sql`true`)
    .where(eq(borrowers.phoneNumber, phoneNumber))
    .orderBy(sql`${latestLoan.appliedAt} desc nulls last`, desc(borrowers.createdAt))
    .limit(1);
  if (!match) return { registered: false, reason: 'unknown_phone' };
  const [loan] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(eq(loans.borrowerId, match.borrowerId))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  const row = await insertComplaint(
    tx,
    {
      lenderBusinessId: match.lenderBusinessId,
      borrowerId: match.borrowerId,
      loanId: loan?.id ?? null,
      channel: 'sms',
      category: 'other',
      text: complaintText,
      recordedByUserId: null,
      ...(sms.id ? { sourceMessageId: sms.id } : {}),
    },
    now,
  );
  return { registered: true, reference: row.reference, complaintId: row.id };
}

export type ComplaintsFilter = {
  status?: ComplaintStatus | undefined;
  lenderBusinessId?: number | undefined;
  overdue?: 'true' | 'false' | undefined;
  lenderId?: number | undefined;
};

/** Which complaints a user sees: the lender its businesses', the agent its own, admins all. */
function scopeOf(user: AuthUser): SQL | undefined {
  if (user.role === 'lender') return eq(lenderBusinesses.lenderId, user.id);
  if (user.role === 'agent') {
    return and(
      eq(complaints.recordedByUserId, user.id),
      sql`exists (select 1 from ${agentBusinesses} where ${agentBusinesses.agentId} = ${user.id} and ${agentBusinesses.lenderBusinessId} = ${complaints.lenderBusinessId})`,
    );
  }
  if (user.role === 'admin' || user.role === 'super_admin') return undefined;
  return sql`false`;
}

function filterOf(user: AuthUser, q: ComplaintsFilter, now: Date): SQL | undefined {
  return and(
    scopeOf(user),
    q.status ? eq(complaints.status, q.status) : undefined,
    q.lenderBusinessId !== undefined
      ? eq(complaints.lenderBusinessId, q.lenderBusinessId)
      : undefined,
    q.lenderId !== undefined ? eq(lenderBusinesses.lenderId, q.lenderId) : undefined,
    q.overdue === 'true'
      ? and(inArray(complaints.status, [...unresolvedStatuses]), lt(complaints.dueAt, now))
      : undefined,
  );
}

/** The complaints a user may see, overdue first, then by deadline. */
export async function listComplaints(db: Db, user: AuthUser, q: ComplaintsFilter, now: Date) {
  const rows = await selectViews(db)
    .where(filterOf(user, q, now))
    .orderBy(
      sql`case when ${complaints.status} in ('open', 'in_progress') then 0 else 1 end`,
      asc(complaints.dueAt),
      desc(complaints.id),
    )
    .limit(2000);
  return rows.map((row) => toView(row, now));
}

/** A complaint the user may reach, else 404 (an agent: only one it recorded). */
async function complaintFor(tx: Tx, user: AuthUser, id: number): Promise<ComplaintRow> {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw notFound(text.notFound);
  await businessFor(tx, user, row.lenderBusinessId).catch(notFoundAs(text.notFound));
  if (user.role === 'agent' && row.recordedByUserId !== user.id) throw notFound(text.notFound);
  return row;
}

/** Who may own a business's complaints: its lender and the agents assigned to it. */
async function ownersOf(tx: Tx, lenderBusinessId: number) {
  const [business] = await tx
    .select({
      id: lenderBusinesses.lenderId,
      name: sql<string>`coalesce(${personName(lenders.firstName, lenders.lastName)}, ${users.email})`,
    })
    .from(lenderBusinesses)
    .innerJoin(users, eq(users.id, lenderBusinesses.lenderId))
    .leftJoin(lenders, eq(lenders.id, lenderBusinesses.lenderId))
    .where(eq(lenderBusinesses.id, lenderBusinessId));
  const agentRows = await tx
    .select({
      id: agents.id,
      name: sql<string>`${personName(agents.firstName, agents.lastName)}`,
    })
    .from(agentBusinesses)
    .innerJoin(agents, eq(agents.id, agentBusinesses.agentId))
    .where(eq(agentBusinesses.lenderBusinessId, lenderBusinessId))
    .orderBy(asc(agents.firstName), asc(agents.id));
  return [...(business ? [business] : []), ...agentRows].map((owner) => ({
    id: owner.id,
    name: owner.name ?? String(owner.id),
  }));
}

export async function complaintDetail(db: Db, user: AuthUser, id: number, now: Date) {
  const row = await complaintFor(db, user, id);
  const history = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: users.email,
      details: auditLog.details,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.subjectType, 'complaint'), eq(auditLog.subjectId, row.id)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return {
    ...(await viewOf(db, row.id, now)),
    history: history.map(({ details, ...entry }) => {
      const change = (details ?? {}) as { from?: unknown; to?: unknown };
      const asText = (value: unknown) =>
        value === undefined || value === null ? null : String(value);
      return {
        ...entry,
        from: asText(change.from),
        to: asText(change.to),
        at: entry.at.toISOString(),
      };
    }),
    owners: user.role === 'agent' ? [] : await ownersOf(db, row.lenderBusinessId),
  };
}

export type ComplaintChange = {
  ownerUserId?: number | null | undefined;
  category?: ComplaintCategory | undefined;
  status?: ComplaintStatus | undefined;
  resolution?: string | undefined;
};

/**
 * The lender (or an administrator) assigns, recategorises and moves a complaint along.
 * Resolving needs a resolution and sends it to the borrower by SMS.
 */
export async function updateComplaint(
  tx: Tx,
  user: AuthUser,
  id: number,
  change: ComplaintChange,
  now: Date,
) {
  const current = await complaintFor(tx, user, id);
  // One change at a time per complaint: the row is locked until commit.
  await tx.execute(sql`select id from complaints where id = ${current.id} for update`);
  const [locked] = await tx.select().from(complaints).where(eq(complaints.id, current.id));
  if (!locked) throw notFound(text.notFound);
  const set: Partial<typeof complaints.$inferInsert> = {};
  const audits: { action: string; details: Record<string, unknown> }[] = [];

  if (change.ownerUserId !== undefined && change.ownerUserId !== locked.ownerUserId) {
    if (change.ownerUserId !== null) {
      const owners = await ownersOf(tx, locked.lenderBusinessId);
      if (!owners.some((owner) => owner.id === change.ownerUserId)) {
        throw badRequest(text.ownerNotFound);
      }
    }
    set.ownerUserId = change.ownerUserId;
    audits.push({
      action: 'complaint.assigned',
      details: { from: locked.ownerUserId, to: change.ownerUserId },
    });
  }
  if (change.category && change.category !== locked.category) {
    set.category = change.category;
    audits.push({
      action: 'complaint.category',
      details: { from: locked.category, to: change.category },
    });
  }
  let resolved = false;
  if (change.status && change.status !== locked.status) {
    if (!complaintTransitions[locked.status].includes(change.status)) {
      throw conflict(text.badTransition(locked.status, change.status));
    }
    set.status = change.status;
    if (change.status === 'resolved') {
      if (!change.resolution) throw badRequest(text.resolutionRequired);
      set.resolution = change.resolution;
      set.resolvedAt = now;
      resolved = true;
    }
    audits.push({
      action: 'complaint.status',
      details: {
        from: locked.status,
        to: change.status,
        ...(change.status === 'resolved' ? { resolution: change.resolution } : {}),
      },
    });
  }
  if (Object.keys(set).length) {
    await tx
      .update(complaints)
      .set({ ...set, updatedAt: now })
      .where(eq(complaints.id, locked.id));
    for (const entry of audits) {
      await recordAudit(tx, {
        actorUserId: user.id,
        action: entry.action,
        subjectType: 'complaint',
        subjectId: locked.id,
        details: { reference: locked.reference, ...entry.details },
      });
    }
    if (resolved) {
      await noticeComplaint(
        tx,
        { ...locked, resolution: change.resolution ?? null, resolvedAt: now },
        'complaint_resolved',
      );
    }
  }
  return viewOf(tx, locked.id, now);
}

const HOUR_MS = 3_600_000;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Counts by category and status, times to resolve (hours), overdue and resolved late. */
export async function complaintReport(db: Db, user: AuthUser, q: ComplaintsFilter, now: Date) {
  const rows = await db
    .select({
      category: complaints.category,
      status: complaints.status,
      receivedAt: complaints.receivedAt,
      dueAt: complaints.dueAt,
      resolvedAt: complaints.resolvedAt,
    })
    .from(complaints)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, complaints.lenderBusinessId))
    .where(filterOf(user, { ...q, status: undefined, overdue: undefined }, now));
  const hours = rows
    .filter((row) => row.resolvedAt !== null)
    .map((row) => ((row.resolvedAt?.getTime() ?? 0) - row.receivedAt.getTime()) / HOUR_MS)
    .sort((a, b) => a - b);
  const middle = Math.floor(hours.length / 2);
  const median = !hours.length
    ? null
    : hours.length % 2
      ? (hours[middle] ?? 0)
      : ((hours[middle - 1] ?? 0) + (hours[middle] ?? 0)) / 2;
  const mean = hours.length ? hours.reduce((sum, h) => sum + h, 0) / hours.length : null;
  return {
    total: rows.length,
    byCategory: complaintCategories.map((category) => ({
      category,
      count: rows.filter((row) => row.category === category).length,
    })),
    byStatus: complaintStatuses.map((status) => ({
      status,
      count: rows.filter((row) => row.status === status).length,
    })),
    resolvedCount: hours.length,
    medianHoursToResolve: median === null ? null : round1(median),
    meanHoursToResolve: mean === null ? null : round1(mean),
    overdue: rows.filter((row) => isOverdue(row, now)).length,
    resolvedLate: rows.filter(
      (row) => row.resolvedAt !== null && row.resolvedAt.getTime() > row.dueAt.getTime(),
    ).length,
  };
}

export const complaintsCsvHeader = [
  'Reference',
  'Lender ID',
  'Business',
  'Borrower',
  'Phone',
  'Loan',
  'Channel',
  'Category',
  'Status',
  'Received at',
  'Deadline',
  'Overdue',
  'Owner',
  'Resolved at',
  'Complaint',
  'Resolution',
];

/** The register as CSV (RFC 4180, as the reports' exports write it). */
export async function complaintsCsv(db: Db, user: AuthUser, q: ComplaintsFilter, now: Date) {
  const views = await listComplaints(db, user, q, now);
  return toCsv(
    complaintsCsvHeader,
    views.map((c) => [
      c.reference,
      c.lenderId,
      c.businessName,
      c.borrowerName,
      c.phoneNumber,
      c.loanCode,
      c.channel,
      c.category,
      c.status,
      c.receivedAt,
      c.dueAt,
      c.overdue ? 'yes' : 'no',
      c.ownerName,
      c.resolvedAt,
      c.text,
      c.resolution,
    ]),
  );
}
