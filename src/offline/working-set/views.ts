/**
 * The server's views rebuilt from the working set's records (src/domain/working-set.ts):
 * each function answers what the server's route answers, field for field, so a screen
 * reads the same thing online and offline (tests/offline/working-set.test.ts compares
 * them with the server's own answers). Pure: the records come in, the view goes out.
 */
import {
  borrowerCountKeys,
  type BorrowerCountKey,
  type BorrowerCounts,
  type Borrower,
} from '../../domain/borrowers';
import {
  complaintStatuses,
  isOverdue,
  unresolvedStatuses,
  type Complaint,
  type ComplaintStatus,
} from '../../domain/complaints';
import type { FollowUp, FollowUpLoan, LoanAgreement } from '../../domain/field-work';
import type { LenderBusiness } from '../../domain/lender-profile';
import type { Loan, LoanListQuery, LoanStats } from '../../domain/loans';
import { owingLoanStatuses, type LoanSortColumn } from '../../domain/loan-statuses';
import { daysOverdue } from '../../domain/due-dates';
import { centsToNumber, toCents } from '../../domain/money';
import type { Area, LoanPlan } from '../../domain/setup';
import type {
  WorkingSetBorrower,
  WorkingSetComplaint,
  WorkingSetFollowUp,
  WorkingSetLoan,
  WorkingSetPerson,
} from '../../domain/working-set';

/** What a shard's records are joined with: its business, its lists, its people. */
/** What a loan list asks for: a page (or all), a status, part of a code, an order. */
export type LoanQuery = Pick<LoanListQuery, 'status' | 'code' | 'sort' | 'order'> & {
  page?: number;
  limit: number;
};

export type ShardContext = {
  business: Pick<LenderBusiness, 'id' | 'businessName' | 'lenderBusinessCode'>;
  areas: Map<number, Area>;
  plans: Map<number, LoanPlan>;
  people: Map<number, WorkingSetPerson>;
};

/** Text as PostgreSQL orders it here (the C collation: by code point). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function borrowerOf(record: WorkingSetBorrower, context: ShardContext): Borrower {
  const { lenderBusinessAreaId, ...borrower } = record;
  const area = lenderBusinessAreaId === null ? undefined : context.areas.get(lenderBusinessAreaId);
  return {
    ...borrower,
    lenderBusinesses: [{ id: context.business.id, businessName: context.business.businessName }],
    lenderBusinessArea: area ? { id: area.id, name: area.name } : null,
  };
}

/** The borrowers list's order: first name, last name, id. */
export function byName(a: WorkingSetBorrower, b: WorkingSetBorrower): number {
  return byText(a.firstName, b.firstName) || byText(a.lastName, b.lastName) || a.id - b.id;
}

/** Totals per status of these borrowers (every status named), erased ones apart. */
export function borrowerCountsOf(records: WorkingSetBorrower[]): BorrowerCounts {
  const borrowerStatsCounts = Object.fromEntries(borrowerCountKeys.map((s) => [s, 0])) as Record<
    BorrowerCountKey,
    number
  >;
  // A record kept from before erasedAt was sent has none: not erased.
  for (const record of records)
    borrowerStatsCounts[record.erasedAt ? 'erased' : record.status] += 1;
  return { totalCount: records.length, borrowerStatsCounts };
}

function personOf(context: ShardContext, userId: number | null) {
  const person = userId === null ? undefined : context.people.get(userId);
  return person?.firstName ? { firstName: person.firstName, lastName: person.lastName } : null;
}

/** A person as the borrower lookup of a loan carries it, when the borrower is not held. */
const unknownBorrower = (id: number): Loan['borrower'] => ({
  id,
  firstName: '',
  lastName: '',
  phoneNumber: '',
  idNumber: '',
  nextOfKinName: '',
  nextOfKinNumber: '',
  nextOfKinRelation: '',
  loanLimit: 0,
});

export function loanOf(
  record: WorkingSetLoan,
  borrower: WorkingSetBorrower | undefined,
  context: ShardContext,
): Loan {
  const { plan, ...loan } = record;
  return {
    ...loan,
    borrower: borrower
      ? {
          id: borrower.id,
          firstName: borrower.firstName,
          lastName: borrower.lastName,
          phoneNumber: borrower.phoneNumber,
          idNumber: borrower.idNumber,
          nextOfKinName: borrower.nextOfKinName,
          nextOfKinNumber: borrower.nextOfKinNumber,
          nextOfKinRelation: borrower.nextOfKinRelation,
          loanLimit: borrower.loanLimit,
        }
      : unknownBorrower(record.borrowerId),
    requesterAgent: personOf(context, record.requesterUserId),
    approverAgent: personOf(context, record.approverUserId),
    lenderLoanPlan: {
      ...plan,
      name: context.plans.get(plan.id)?.name ?? '',
      lenderBusiness: context.business,
    },
  };
}

type Sortable = string | number | null;

const sortValue: Record<LoanSortColumn, (loan: WorkingSetLoan) => Sortable> = {
  applicationDate: (loan) => loan.applicationDate,
  disbursementDate: (loan) => loan.disbursementDate,
  principalAmount: (loan) => loan.principalAmount,
  disbursementAmount: (loan) => loan.disbursementAmount,
  outstandingAmount: (loan) => loan.outstandingAmount,
  loanCode: (loan) => loan.loanCode,
  status: (loan) => loan.status,
};

/** PostgreSQL's order: nulls last going up, first going down. */
function compareSortable(a: Sortable, b: Sortable, descending: boolean): number {
  if (a === b) return 0;
  if (a === null) return descending ? -1 : 1;
  if (b === null) return descending ? 1 : -1;
  const up = typeof a === 'number' && typeof b === 'number' ? a - b : byText(String(a), String(b));
  return descending ? -up : up;
}

/**
 * A loan list's filters and order (server/modules/loans/queries.ts): status, part of the
 * code (any case), then the column asked (application date by default) and newest id.
 */
export function filterAndSortLoans(records: WorkingSetLoan[], query: LoanQuery) {
  const code = query.code?.toLowerCase();
  const column = sortValue[query.sort ?? 'applicationDate'];
  const descending = query.sort ? query.order === 'desc' : true;
  return records
    .filter((loan) => !query.status || loan.status === query.status)
    .filter((loan) => !code || loan.loanCode.toLowerCase().includes(code))
    .sort((a, b) => compareSortable(column(a), column(b), descending) || b.id - a.id);
}

/** Counts per status and the pending and active totals (the loans' stats). */
export function loanStatsOf(records: WorkingSetLoan[]): LoanStats {
  const statusCounts: LoanStats['statusCounts'] = { pending: 0, active: 0 };
  let pending = 0;
  let active = 0;
  for (const loan of records) {
    statusCounts[loan.status] = (statusCounts[loan.status] ?? 0) + 1;
    if (loan.status === 'pending') pending += toCents(loan.principalAmount);
    if (loan.status === 'active') active += toCents(loan.principalAmount);
  }
  return {
    totalPending: centsToNumber(pending),
    totalActiveAmount: centsToNumber(active),
    statusCounts,
  };
}

export function followUpOf(record: WorkingSetFollowUp, context: ShardContext): FollowUp {
  const person = record.agentUserId === null ? undefined : context.people.get(record.agentUserId);
  return {
    id: record.id,
    comment: record.comment,
    createdAt: record.createdAt,
    loanId: record.loanId,
    agent: { firstName: person?.firstName ?? '', lastName: person?.lastName ?? '' },
  };
}

/** A loan's follow-ups, newest first. */
export function byNewest(a: WorkingSetFollowUp, b: WorkingSetFollowUp): number {
  return byText(b.createdAt, a.createdAt) || b.id - a.id;
}

/** Loans an agent follows up: disbursed and still owing (followUpLoanStatuses). */
export function isFollowedUp(loan: WorkingSetLoan): boolean {
  return (owingLoanStatuses as readonly string[]).includes(loan.status);
}

export function followUpLoanOf(
  loan: WorkingSetLoan,
  borrower: WorkingSetBorrower | undefined,
  followUps: WorkingSetFollowUp[],
  context: ShardContext,
  now: Date,
): FollowUpLoan {
  const identity = loanOf(loan, borrower, context).borrower;
  const last = followUps.reduce<string | null>(
    (newest, f) => (newest === null || f.createdAt > newest ? f.createdAt : newest),
    null,
  );
  return {
    id: loan.id,
    loanCode: loan.loanCode,
    status: loan.status,
    principalAmount: loan.principalAmount,
    outstandingAmount: loan.outstandingAmount,
    disbursementDate: loan.disbursementDate,
    dueDate: loan.dueDate,
    daysOverdue: loan.dueDate ? daysOverdue(new Date(loan.dueDate), now) : 0,
    lenderBusinessId: loan.lenderBusinessId,
    lenderBusiness: { id: context.business.id, businessName: context.business.businessName },
    borrower: {
      id: identity.id,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phoneNumber: identity.phoneNumber,
      idNumber: identity.idNumber,
    },
    lenderLoanPlan: {
      name: context.plans.get(loan.plan.id)?.name ?? '',
      durationInDays: loan.plan.durationInDays,
    },
    lastFollowUpAt: last,
    followUpCount: followUps.length,
  };
}

/** The follow-up list's order: the earliest due date first (no date last), then id. */
export function byDueDate(a: FollowUpLoan, b: FollowUpLoan): number {
  return compareSortable(a.dueDate, b.dueDate, false) || a.id - b.id;
}

/** A borrower's loan files: newest agreement first, as stored. */
export function byNewestAgreement(a: LoanAgreement, b: LoanAgreement): number {
  return b.id - a.id;
}

/** One page of a list, or all of it without a page. */
export function pageOfList<T>(rows: T[], query: { page?: number; limit: number }) {
  if (query.page === undefined) return { rows, total: null };
  const start = (query.page - 1) * query.limit;
  return { rows: rows.slice(start, start + query.limit), total: rows.length };
}

/** What a complaint shows of the records it names, as the phone holds them. */
export type ComplaintNames = {
  business: Pick<LenderBusiness, 'businessName' | 'lenderId'>;
  borrower: WorkingSetBorrower | undefined;
  loan: WorkingSetLoan | undefined;
  people: Map<number, WorkingSetPerson>;
};

/** A name as the complaints API writes one: first and last, trimmed; null when empty. */
function fullName(first: string | undefined, last: string | undefined): string | null {
  return `${first ?? ''} ${last ?? ''}`.trim() || null;
}

/** A complaint as GET /complaint answers it to the agent who recorded it. */
export function complaintOf(
  record: WorkingSetComplaint,
  agentId: number,
  names: ComplaintNames,
  now: Date,
): Complaint {
  const owner = record.ownerUserId === null ? undefined : names.people.get(record.ownerUserId);
  return {
    id: record.id,
    reference: record.reference,
    lenderBusinessId: record.lenderBusinessId,
    businessName: names.business.businessName,
    lenderId: names.business.lenderId,
    borrowerId: record.borrowerId,
    borrowerName: names.borrower
      ? fullName(names.borrower.firstName, names.borrower.lastName)
      : null,
    phoneNumber: names.borrower?.phoneNumber ?? null,
    loanId: record.loanId,
    loanCode: names.loan?.loanCode ?? null,
    channel: record.channel,
    category: record.category,
    text: record.text,
    status: record.status,
    receivedAt: record.receivedAt,
    dueAt: record.dueAt,
    overdue: isOverdue(record, now),
    ownerUserId: record.ownerUserId,
    ownerName: owner ? fullName(owner.firstName, owner.lastName) : null,
    recordedByUserId: agentId,
    resolution: record.resolution,
    resolvedAt: record.resolvedAt,
  };
}

/** The complaints list's order: still to resolve first, then by deadline, then newest. */
export function byComplaintUrgency(a: Complaint, b: Complaint): number {
  const waiting = (c: Complaint) =>
    (unresolvedStatuses as readonly ComplaintStatus[]).includes(c.status) ? 0 : 1;
  return waiting(a) - waiting(b) || byText(a.dueAt, b.dueAt) || b.id - a.id;
}

/** A complaints list's filters as the server reads them (complaintsQuerySchema). */
export type ComplaintQuery = {
  status?: ComplaintStatus;
  lenderBusinessId?: number;
  overdue?: 'true' | 'false';
};

export function complaintQueryOf(query: Record<string, string>): ComplaintQuery | null {
  const { status, lenderBusinessId, overdue, ...rest } = query;
  if (Object.keys(rest).length) return null;
  if (status !== undefined && !(complaintStatuses as readonly string[]).includes(status))
    return null;
  if (lenderBusinessId !== undefined && !/^\d{1,15}$/.test(lenderBusinessId)) return null;
  if (overdue !== undefined && overdue !== 'true' && overdue !== 'false') return null;
  return {
    ...(status ? { status: status as ComplaintStatus } : {}),
    ...(lenderBusinessId !== undefined ? { lenderBusinessId: Number(lenderBusinessId) } : {}),
    ...(overdue ? { overdue } : {}),
  };
}

export function matchesComplaintQuery(complaint: Complaint, query: ComplaintQuery): boolean {
  return (
    (!query.status || complaint.status === query.status) &&
    (query.lenderBusinessId === undefined ||
      complaint.lenderBusinessId === query.lenderBusinessId) &&
    (query.overdue !== 'true' || complaint.overdue)
  );
}
