/**
 * The agent's reads answered from the working set (docs/architecture.md §7): every GET an
 * agent screen makes, with the server's own answer rebuilt from the records on the phone
 * (views.ts), so no screen's offline behaviour depends on which screens were opened online.
 *
 * A read is answered here only when the working set can answer it whole: the path is one
 * of the table below, and the business it reads has been filled completely. Otherwise
 * `undefined`, and the API client asks the server (and its per-path mirror) as before.
 */
import { loanSortColumns, loanStatuses, type LoanSortColumn } from '../../domain/loan-statuses';
import { LIST_LIMIT, LOAN_LIST_LIMIT, pageOfQuery } from '../../domain/paging';
import { workingSetDb, type ShardRecord, type WorkingSetDb, type WorkingSetState } from './db';
import {
  borrowerCountsOf,
  borrowerOf,
  byComplaintUrgency,
  byDueDate,
  byName,
  byNewest,
  byNewestAgreement,
  complaintOf,
  complaintQueryOf,
  filterAndSortLoans,
  followUpLoanOf,
  followUpOf,
  isFollowedUp,
  loanOf,
  loanStatsOf,
  matchesComplaintQuery,
  pageOfList,
  type LoanQuery,
  type ShardContext,
} from './views';

/** A read's answer: the body, and the total a paged list reports (null when not paged). */
export type LocalAnswer = { data: unknown; total: number | null };

type Query = Record<string, string>;
type Read = {
  db: WorkingSetDb;
  state: WorkingSetState;
  userId: number;
  params: number[];
  query: Query;
  now: Date;
};

/** The shard of a business if it is whole on the phone, with what its records join. */
async function wholeShard(read: Read, businessId: number) {
  const shard = await read.db.shards.get(businessId);
  const business = read.state.businesses.find((b) => b.id === businessId);
  if (!shard?.complete || !business) return undefined;
  return { shard, context: await contextOf(read.db, shard, business) };
}

async function contextOf(
  db: WorkingSetDb,
  shard: ShardRecord,
  business: ShardContext['business'],
): Promise<ShardContext> {
  const people = await db.people
    .where('[lenderBusinessId+id]')
    .between([shard.lenderBusinessId, -Infinity], [shard.lenderBusinessId, Infinity])
    .toArray();
  return {
    business: {
      id: business.id,
      businessName: business.businessName,
      lenderBusinessCode: business.lenderBusinessCode,
    },
    areas: new Map(shard.areas.map((area) => [area.id, area])),
    plans: new Map(shard.plans.map((plan) => [plan.id, plan])),
    people: new Map(people.map((person) => [person.id, person])),
  };
}

/**
 * A loan list's query as the server reads it (loanListQuerySchema); null for one it would
 * refuse (the server then answers, with its sentence).
 */
function loanQueryOf(query: Query): LoanQuery | null {
  const page = pageOfQuery(query, LOAN_LIST_LIMIT);
  const status = query.status as LoanQuery['status'];
  const sort = query.sort as LoanSortColumn | undefined;
  const order = query.order ?? 'desc';
  if (!page || (status !== undefined && !loanStatuses.includes(status))) return null;
  if (sort !== undefined && !loanSortColumns.includes(sort)) return null;
  if (order !== 'asc' && order !== 'desc') return null;
  const code = query.code?.trim();
  return { ...page, status, code: code || undefined, sort, order };
}

async function borrowersOfBusiness(
  read: Read,
  businessId: number,
): Promise<LocalAnswer | undefined> {
  const paging = pageOfQuery(read.query, LIST_LIMIT);
  const held = await wholeShard(read, businessId);
  if (!held || !paging) return undefined;
  const records = await read.db.borrowers.where('lenderBusinessId').equals(businessId).toArray();
  const { rows, total } = pageOfList(records.sort(byName), paging);
  return { data: rows.map((record) => borrowerOf(record, held.context)), total };
}

async function borrowerWithLoans(read: Read, borrowerId: number): Promise<LocalAnswer | undefined> {
  const record = await read.db.borrowers.get(borrowerId);
  if (!record) return undefined;
  const held = await wholeShard(read, record.lenderBusinessId);
  if (!held) return undefined;
  const loans = await read.db.loans.where('borrowerId').equals(borrowerId).toArray();
  const ordered = filterAndSortLoans(loans, { limit: 10, order: 'desc' });
  return {
    data: {
      ...borrowerOf(record, held.context),
      loans: ordered.map((loan) => loanOf(loan, record, held.context)),
    },
    total: null,
  };
}

/** The loans an agent applied for in a business (only the agent's own). */
async function ownLoans(read: Read, businessId: number, agentId: number) {
  if (agentId !== read.userId) return undefined;
  const held = await wholeShard(read, businessId);
  if (!held) return undefined;
  const loans = await read.db.loans
    .where('[lenderBusinessId+requesterUserId]')
    .equals([businessId, agentId])
    .toArray();
  return { held, loans };
}

async function borrowersById(read: Read, ids: Iterable<number>) {
  const wanted = [...new Set(ids)];
  const records = await read.db.borrowers.bulkGet(wanted);
  return new Map(records.flatMap((record) => (record ? [[record.id, record] as const] : [])));
}

/** As many complaints as GET /complaint answers at most. */
const COMPLAINT_LIST_LIMIT = 2000;

/**
 * The complaints the agent recorded, in every business it works in (or the one asked),
 * as GET /complaint answers them: only when each of those businesses is whole here.
 */
async function agentComplaints(read: Read): Promise<LocalAnswer | undefined> {
  const query = complaintQueryOf(read.query);
  if (!query) return undefined;
  const businesses = read.state.businesses.filter(
    (b) => query.lenderBusinessId === undefined || b.id === query.lenderBusinessId,
  );
  if (query.lenderBusinessId !== undefined && !businesses.length) return undefined;
  const list = [];
  for (const business of businesses) {
    const held = await wholeShard(read, business.id);
    if (!held) return undefined;
    const records = await read.db.complaints
      .where('lenderBusinessId')
      .equals(business.id)
      .toArray();
    const borrowers = await borrowersById(
      read,
      records.flatMap((c) => (c.borrowerId === null ? [] : [c.borrowerId])),
    );
    const loans = await read.db.loans.bulkGet(
      records.flatMap((c) => (c.loanId === null ? [] : [c.loanId])),
    );
    const loansById = new Map(loans.flatMap((loan) => (loan ? [[loan.id, loan] as const] : [])));
    for (const record of records) {
      const complaint = complaintOf(
        record,
        read.userId,
        {
          business,
          borrower: record.borrowerId === null ? undefined : borrowers.get(record.borrowerId),
          loan: record.loanId === null ? undefined : loansById.get(record.loanId),
          people: held.context.people,
        },
        read.now,
      );
      if (matchesComplaintQuery(complaint, query)) list.push(complaint);
    }
  }
  return { data: list.sort(byComplaintUrgency).slice(0, COMPLAINT_LIST_LIMIT), total: null };
}

const routes: [RegExp, (read: Read) => Promise<LocalAnswer | undefined>][] = [
  [
    /^lender-business\/agent$|^agent\/lender-businesses$/,
    async ({ state }) => ({ data: state.businesses, total: null }),
  ],
  [
    /^agent\/me\/(\d+)$/,
    async ({ state, params, userId }) =>
      params[0] === userId && state.agent ? { data: state.agent, total: null } : undefined,
  ],
  [
    /^lender-business\/areas\/(\d+)$|^lender-business-area\/(?:from-lender-business\/)?(\d+)$/,
    async (read) => {
      const shard = await read.db.shards.get(read.params[0]!);
      return shard ? { data: shard.areas, total: null } : undefined;
    },
  ],
  [
    /^loanplan\/all-by-lender-business\/(\d+)$/,
    async (read) => {
      const shard = await read.db.shards.get(read.params[0]!);
      const business = read.state.businesses.find((b) => b.id === read.params[0]);
      if (!shard || !business) return undefined;
      // A renamed business shows under its new name in every plan.
      const plans = shard.plans.map((plan) => ({
        ...plan,
        lenderBusiness: { id: business.id, businessName: business.businessName },
      }));
      return { data: plans, total: null };
    },
  ],
  [
    /^repayment-cycle\/all-from-lender-business\/(\d+)$/,
    async (read) => {
      const shard = await read.db.shards.get(read.params[0]!);
      return shard ? { data: shard.cycles, total: null } : undefined;
    },
  ],
  [/^borrower\/all\/\d+\/(\d+)$/, (read) => borrowersOfBusiness(read, read.params[0]!)],
  [/^borrower\/by-business\/(\d+)$/, (read) => borrowersOfBusiness(read, read.params[0]!)],
  [/^borrower\/(\d+)$/, (read) => borrowerWithLoans(read, read.params[0]!)],
  [
    /^borrower\/count-by-agent\/(\d+)\/(\d+)$/,
    async (read) => {
      const [businessId, agentId] = read.params as [number, number];
      if (agentId !== read.userId || !(await wholeShard(read, businessId))) return undefined;
      const records = await read.db.borrowers
        .where('[lenderBusinessId+registeredByUserId]')
        .equals([businessId, agentId])
        .toArray();
      return { data: borrowerCountsOf(records), total: null };
    },
  ],
  [
    /^loan\/all-stats-for-lender-business-by-agent\/(\d+)\/(\d+)$/,
    async (read) => {
      const own = await ownLoans(read, read.params[0]!, read.params[1]!);
      return own && { data: loanStatsOf(own.loans), total: null };
    },
  ],
  [
    /^loan\/all-existing-for-lender-business-by-agent\/(\d+)\/(\d+)$/,
    async (read) => {
      const query = loanQueryOf(read.query);
      const own = query && (await ownLoans(read, read.params[0]!, read.params[1]!));
      if (!query || !own) return undefined;
      const { rows, total } = pageOfList(filterAndSortLoans(own.loans, query), query);
      const borrowers = await borrowersById(
        read,
        rows.map((loan) => loan.borrowerId),
      );
      const data = rows.map((loan) =>
        loanOf(loan, borrowers.get(loan.borrowerId), own.held.context),
      );
      return { data, total };
    },
  ],
  [
    /^loan\/active-for-follow-up$/,
    async (read) => {
      const query = pageOfQuery(read.query, LIST_LIMIT);
      const only = read.query.lenderBusinessId;
      if (!query || (only !== undefined && !/^\d{1,15}$/.test(only))) return undefined;
      const businessIds =
        only === undefined ? read.state.businesses.map((b) => b.id) : [Number(only)];
      const list = [];
      for (const businessId of businessIds) {
        const held = await wholeShard(read, businessId);
        // A business not yet whole (or closed to the agent): the server knows better.
        if (!held) return undefined;
        const loans = (
          await read.db.loans.where('lenderBusinessId').equals(businessId).toArray()
        ).filter(isFollowedUp);
        const borrowers = await borrowersById(
          read,
          loans.map((loan) => loan.borrowerId),
        );
        const followUps = await read.db.followUps
          .where('loanId')
          .anyOf(loans.map((loan) => loan.id))
          .toArray();
        const byLoan = new Map<number, typeof followUps>();
        for (const followUp of followUps) {
          const ofLoan = byLoan.get(followUp.loanId);
          if (ofLoan) ofLoan.push(followUp);
          else byLoan.set(followUp.loanId, [followUp]);
        }
        for (const loan of loans) {
          list.push(
            followUpLoanOf(
              loan,
              borrowers.get(loan.borrowerId),
              byLoan.get(loan.id) ?? [],
              held.context,
              read.now,
            ),
          );
        }
      }
      const { rows, total } = pageOfList(list.sort(byDueDate), query);
      return { data: rows, total };
    },
  ],
  [
    /^follow-up\/loan\/(\d+)$/,
    async (read) => {
      const loan = await read.db.loans.get(read.params[0]!);
      const held = loan && (await wholeShard(read, loan.lenderBusinessId));
      if (!loan || !held) return undefined;
      const followUps = await read.db.followUps.where('loanId').equals(loan.id).toArray();
      return {
        data: followUps.sort(byNewest).map((f) => followUpOf(f, held.context)),
        total: null,
      };
    },
  ],
  [
    /^loan\/(\d+)\/statement$/,
    async (read) => {
      const loanId = read.params[0]!;
      const [loan, ledger] = await Promise.all([
        read.db.loans.get(loanId),
        read.db.ledgers.get(loanId),
      ]);
      // The loan's agent only (who applied for it or approved it), as the server reads it.
      if (!loan || !ledger || ![loan.requesterUserId, loan.approverUserId].includes(read.userId)) {
        return undefined;
      }
      const [held, borrower] = await Promise.all([
        wholeShard(read, loan.lenderBusinessId),
        read.db.borrowers.get(loan.borrowerId),
      ]);
      if (!held || !borrower) return undefined;
      // Only a statement needs its builder and texts: they load when one is opened.
      const { statementOfLoan } = await import('./statement');
      return {
        data: statementOfLoan(loan, borrower, ledger, held.context.business, read.now),
        total: null,
      };
    },
  ],
  [/^complaint$/, agentComplaints],
  [
    /^loan-agreement\/borrower\/(\d+)$/,
    async (read) => {
      const borrower = await read.db.borrowers.get(read.params[0]!);
      if (!borrower || !(await wholeShard(read, borrower.lenderBusinessId))) return undefined;
      const agreements = await read.db.agreements.where('borrowerId').equals(borrower.id).toArray();
      return { data: agreements.sort(byNewestAgreement), total: null };
    },
  ],
];

/** A GET path the working set answers (when its business is whole on the phone). */
export function isWorkingSetPath(path: string): boolean {
  const bare = path.replace(/^\/+/, '');
  return routes.some(([pattern]) => pattern.test(bare));
}

/**
 * The answer the working set gives for GET `path` (the API path, with or without its
 * leading slash) with `query`, read as agent `userId`; undefined when it cannot answer.
 */
export async function answerFromWorkingSet(
  userId: number,
  path: string,
  query: Record<string, string | number> | undefined,
  options: { db?: WorkingSetDb; now?: Date } = {},
): Promise<LocalAnswer | undefined> {
  const db = options.db ?? workingSetDb;
  const bare = path.replace(/^\/+/, '');
  const route = routes.find(([pattern]) => pattern.test(bare));
  if (!route) return undefined;
  const state = await db.state.get('state');
  if (!state || state.userId !== userId) return undefined;
  const match = route[0].exec(bare)!;
  const params = match
    .slice(1)
    .filter((part): part is string => part !== undefined)
    .map(Number);
  const text = Object.fromEntries(
    Object.entries(query ?? {}).map(([name, value]) => [name, String(value)]),
  );
  return route[1]({ db, state, userId, params, query: text, now: options.now ?? new Date() });
}
