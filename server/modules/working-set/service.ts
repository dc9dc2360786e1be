/**
 * The agent's working set (src/domain/working-set.ts): each business the agent may work
 * in is a shard, filled in chunks and then kept by changes only.
 *
 * How it stays right:
 * - A business's counter (answer_versions) is raised by every write to its data, and the
 *   same trigger records which record changed at which counter value (sync_changes,
 *   migration 0022), in the writing transaction and under the counter's row lock. So one
 *   business's values become visible in order: once counter V is read, every change at or
 *   below V is readable.
 * - A fill starts by reading the counter V, then sends the records in id order, a chunk
 *   per answer. Whatever changes while it runs is a change after V: once the fill is done,
 *   the next answer sends the changes since V (a record sent twice is simply replaced).
 * - A refresh since V reads the counter V' first, then the records changed after V; the
 *   token then says V'. A change committed meanwhile is sent now and again next time.
 * - A kind may be narrower than its business: the complaints are only those the agent
 *   recorded (as the complaints API lets an agent read them). Another agent's complaint
 *   changing raises the counter all the same, and is neither sent nor named.
 * - What is recorded as changed and can no longer be read (deleted, moved) is sent as
 *   removed. A business the agent left, or that cannot be worked in (blocked or rejected,
 *   its lender blocked or suspended), is removed whole.
 * - A token of another generation (sync_epoch: a TRUNCATE, a restore), or ahead of the
 *   counter, fills again from the start.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { BORROWER_CONSENT_VERSION } from '../../../src/domain/borrowers';
import { unusableBusinessStatuses } from '../../../src/domain/roles';
import {
  workingSetRecordKinds,
  type SyncEntity,
  type WorkingSet,
  type WorkingSetRecordKind,
} from '../../../src/domain/working-set';
import type { Db, Tx } from '../../db/client';
import {
  agentBusinesses,
  agents,
  answerVersions,
  borrowers,
  complaints,
  followUps,
  lenderBusinesses,
  lenders,
  loanAgreements,
  loans,
  syncChanges,
  syncEpoch,
  users,
} from '../../db/schema';
import type { Wire } from '../../lib/validation';
import { agentById } from '../agents/service';
import { areasOfBusiness } from '../areas/service';
import { findBorrowers } from '../borrowers/service';
import { businessesOfAgent } from '../businesses/service';
import { findLoanFiles } from '../loan-files/service';
import { ledgersOf } from '../statements/service';
import { computedSchedule, type Ledger } from '../../../src/domain/statement';
import { decimalToNumber } from '../../../src/domain/money';
import {
  leanComplaint,
  leanLedger,
  leanLoans,
  wholeSeconds,
  type WorkingSetLedgerOnWire,
  type WorkingSetLoan,
} from '../../../src/domain/working-set';
import { plansOfBusiness } from '../loan-plans/service';
import { loanFields } from '../loans/queries';
import { cyclesOfBusiness } from '../repayment-cycles/service';

/** Where a shard stands on the phone: complete at `version`, or filling since it. */
type ShardState = {
  id: number;
  version: number;
  fill: { kind: number; after: number } | null;
};

type Token = { epoch: string; hash: string; shards: ShardState[] };

const TOKEN_FORMAT = 2;
/**
 * Tokens of format 1 were given before the working set carried complaints: a shard they
 * call complete still fills its complaints (and only them), a shard mid-fill goes on.
 */
const COMPLAINTS_ADDED_IN = 2;

/** `1~epoch~hash~id.version[.kind.after],…`: what the phone holds, opaque to it. */
function writeToken(token: Token): string {
  const shards = token.shards.map((s) =>
    s.fill ? `${s.id}.${s.version}.${s.fill.kind}.${s.fill.after}` : `${s.id}.${s.version}`,
  );
  return [TOKEN_FORMAT, token.epoch, token.hash, shards.join(',')].join('~');
}

/** The token the phone sent back, or null when it is not one of ours (start again). */
function readToken(since: string | undefined): Token | null {
  if (!since) return null;
  const [format, epoch, hash, list = '', ...rest] = since.split('~');
  const older = format === String(COMPLAINTS_ADDED_IN - 1);
  if ((format !== String(TOKEN_FORMAT) && !older) || !epoch || hash === undefined || rest.length)
    return null;
  const shards: ShardState[] = [];
  for (const part of list ? list.split(',') : []) {
    const numbers = part.split('.').map(Number);
    if (!numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
    const [id, version, kind, after] = numbers;
    if (id === undefined || version === undefined) return null;
    if (numbers.length === 2)
      shards.push({
        id,
        version,
        fill: older ? { kind: workingSetRecordKinds.indexOf('complaints'), after: 0 } : null,
      });
    else if (numbers.length === 4 && kind! < workingSetRecordKinds.length)
      shards.push({ id, version, fill: { kind: kind!, after: after! } });
    else return null;
  }
  return { epoch, hash, shards };
}

/** The businesses an agent is assigned to, each with its counter and whether it is worked in. */
async function reachOf(db: Tx, agentId: number) {
  const rows = await db
    .select({
      id: agentBusinesses.lenderBusinessId,
      version: sql<string>`coalesce(${answerVersions.version}, 0)`,
      status: lenderBusinesses.status,
      lenderStatus: users.status,
    })
    .from(agentBusinesses)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, agentBusinesses.lenderBusinessId))
    .innerJoin(users, eq(users.id, lenderBusinesses.lenderId))
    .leftJoin(answerVersions, eq(answerVersions.lenderBusinessId, agentBusinesses.lenderBusinessId))
    .where(eq(agentBusinesses.agentId, agentId))
    .orderBy(asc(agentBusinesses.lenderBusinessId));
  const closed = (status: string) =>
    (unusableBusinessStatuses as readonly string[]).includes(status);
  return rows
    .filter(
      (row) =>
        !closed(row.status) && row.lenderStatus !== 'Blocked' && row.lenderStatus !== 'Suspended',
    )
    .map((row) => ({ id: row.id, version: Number(row.version) }));
}

/**
 * Starts a new generation of the counters: after a restore they may stand below what
 * phones hold, and every phone then fills its working set again.
 */
export async function startNewSyncGeneration(db: Tx): Promise<void> {
  await db.execute(
    sql`update sync_epoch set epoch = substr(md5(random()::text || clock_timestamp()::text), 1, 12)`,
  );
}

async function currentEpoch(db: Tx): Promise<string> {
  const [row] = await db.select({ epoch: syncEpoch.epoch }).from(syncEpoch).limit(1);
  return row?.epoch ?? 'none';
}

type Shard = WorkingSet['shards'][number];

function emptyShard(lenderBusinessId: number, reset: boolean): Wire<Shard> {
  return {
    lenderBusinessId,
    reset,
    complete: false,
    areas: null,
    plans: null,
    cycles: null,
    people: [],
    borrowers: [],
    loans: [],
    followUps: [],
    agreements: [],
    ledgers: [],
    complaints: [],
    removed: {
      borrowers: [],
      loans: [],
      followUps: [],
      agreements: [],
      ledgers: [],
      complaints: [],
    },
    counts: null,
  };
}

function hasContent(shard: Wire<Shard>): boolean {
  const { removed } = shard;
  return (
    shard.reset ||
    shard.areas !== null ||
    shard.plans !== null ||
    shard.cycles !== null ||
    shard.people.length > 0 ||
    workingSetRecordKinds.some((kind) => shard[kind].length > 0 || removed[kind].length > 0)
  );
}

/**
 * Each kind's table, the condition that keeps it in one business (and, for a kind the agent
 * reads only part of, to what is the agent's: `mine`), and its records.
 */
const recordKinds = {
  borrowers: {
    table: borrowers,
    id: borrowers.id,
    business: borrowers.lenderBusinessId,
    read: async (db: Tx, where: SQL) =>
      (await findBorrowers(db, where, 'id')).map(
        ({ lenderBusinesses: _businesses, lenderBusinessArea, ...borrower }) => ({
          ...borrower,
          lenderBusinessAreaId: lenderBusinessArea?.id ?? null,
        }),
      ),
  },
  loans: {
    table: loans,
    id: loans.id,
    business: loans.lenderBusinessId,
    read: async (db: Tx, where: SQL) =>
      (await db.select().from(loans).where(where).orderBy(asc(loans.id))).map(loanFields),
  },
  followUps: {
    table: followUps,
    id: followUps.id,
    business: followUps.lenderBusinessId,
    read: (db: Tx, where: SQL) =>
      db
        .select({
          id: followUps.id,
          comment: followUps.comment,
          createdAt: followUps.createdAt,
          loanId: followUps.loanId,
          lenderBusinessId: followUps.lenderBusinessId,
          agentUserId: followUps.agentUserId,
        })
        .from(followUps)
        .where(where)
        .orderBy(asc(followUps.id)),
  },
  agreements: {
    table: loanAgreements,
    id: loanAgreements.id,
    business: loanAgreements.lenderBusinessId,
    read: (db: Tx, where: SQL) => findLoanFiles(db, where),
  },
  /** A loan's ledger, by the loan's id (`where` selects loans). */
  ledgers: {
    table: loans,
    id: loans.id,
    business: loans.lenderBusinessId,
    read: async (db: Tx, where: SQL) => {
      const rows = await db
        .select({
          id: loans.id,
          lenderBusinessId: loans.lenderBusinessId,
          paybillNumber: lenderBusinesses.paybillNumber,
          paybillVerifiedAt: lenderBusinesses.paybillVerifiedAt,
          principalAmount: loans.principalAmount,
          interestRate: loans.interestRate,
          processingFeeRate: loans.processingFeeRate,
          durationInDays: loans.durationInDays,
          cycleDays: loans.cycleDays,
        })
        .from(loans)
        .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loans.lenderBusinessId))
        .where(where)
        .orderBy(asc(loans.id));
      const ledgers = await ledgersOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map(({ id, lenderBusinessId, paybillVerifiedAt, paybillNumber, ...terms }) =>
        ledgerOnWire(
          { id, lenderBusinessId, paybillNumber: paybillVerifiedAt ? paybillNumber : null },
          ledgers.get(id)!,
          computedSchedule(terms),
        ),
      );
    },
  },
  complaints: {
    table: complaints,
    id: complaints.id,
    business: complaints.lenderBusinessId,
    /** The complaints API's scope for an agent: those it recorded, nothing more. */
    mine: (agentId: number) => eq(complaints.recordedByUserId, agentId),
    read: async (db: Tx, where: SQL) =>
      (
        await db
          .select({
            id: complaints.id,
            reference: complaints.reference,
            lenderBusinessId: complaints.lenderBusinessId,
            borrowerId: complaints.borrowerId,
            loanId: complaints.loanId,
            channel: complaints.channel,
            category: complaints.category,
            text: complaints.text,
            status: complaints.status,
            receivedAt: complaints.receivedAt,
            dueAt: complaints.dueAt,
            ownerUserId: complaints.ownerUserId,
            resolution: complaints.resolution,
            resolvedAt: complaints.resolvedAt,
          })
          .from(complaints)
          .where(where)
          .orderBy(asc(complaints.id))
      ).map(({ receivedAt, dueAt, resolvedAt, ...complaint }) =>
        leanComplaint({
          ...complaint,
          receivedAt: receivedAt.toISOString(),
          dueAt: dueAt.toISOString(),
          resolvedAt: resolvedAt?.toISOString() ?? null,
        }),
      ),
  },
} as const;

/**
 * Where a kind's records of one business that the agent may read are: the business's, and
 * of a kind the agent reads only part of, the agent's part.
 */
function inShard(kind: WorkingSetRecordKind, businessId: number, agentId: number): SQL {
  const kindOf = recordKinds[kind];
  return and(eq(kindOf.business, businessId), 'mine' in kindOf ? kindOf.mine(agentId) : undefined)!;
}

/**
 * A ledger with its money as JSON numbers, as every answer carries money. Its schedule is
 * left out (null) when it is the one the loan calculator gives for the loan's terms, which
 * the phone computes again: most of a ledger's bytes, for nearly every loan.
 */
function ledgerOnWire(
  loan: Pick<WorkingSetLedgerOnWire, 'id' | 'lenderBusinessId' | 'paybillNumber'>,
  ledger: Ledger,
  computed: { dayOffset: number; amount: number }[],
): WorkingSetLedgerOnWire {
  const money = (value: string | number) => decimalToNumber(String(value));
  const moment = wholeSeconds;
  const schedule = ledger.schedule.map((line) => ({ ...line, amount: money(line.amount) }));
  const asComputed =
    schedule.length === computed.length &&
    schedule.every(
      (line, i) => line.dayOffset === computed[i]!.dayOffset && line.amount === computed[i]!.amount,
    );
  return leanLedger({
    ...loan,
    schedule: asComputed ? null : schedule,
    fines: ledger.fines.map((fine) => ({
      ...fine,
      createdAt: moment(fine.createdAt),
      fineAmount: money(fine.fineAmount),
    })),
    payments: ledger.payments.map((payment) => ({
      createdAt: moment(payment.createdAt),
      total: money(payment.total),
      fineAmount: money(payment.fineAmount),
      interestAmount: money(payment.interestAmount),
      principalAmount: money(payment.principalAmount),
      receipt: payment.receipt && { ...payment.receipt, amount: money(payment.receipt.amount) },
    })),
    receipts: ledger.receipts.map((receipt) => ({
      ...receipt,
      amount: money(receipt.amount),
      at: moment(receipt.at),
    })),
    refunds: ledger.refunds.map((refund) => ({
      ...refund,
      createdAt: moment(refund.createdAt),
      amount: money(refund.amount),
    })),
    writeOff: ledger.writeOff && {
      createdAt: moment(ledger.writeOff.createdAt),
      amount: money(ledger.writeOff.amount),
      recoveredAmount: money(ledger.writeOff.recoveredAmount),
    },
    crbNotice: ledger.crbNotice,
  });
}

type Records = { [K in WorkingSetRecordKind]: Wire<Shard>[K] };

async function readRecords<K extends WorkingSetRecordKind>(
  db: Tx,
  kind: K,
  where: SQL,
): Promise<Records[K]> {
  return (await recordKinds[kind].read(db, where)) as Records[K];
}

/** The ids of the next `limit` records of a kind after `after`, in id order. */
async function nextIds(
  db: Tx,
  kind: WorkingSetRecordKind,
  shard: { id: number; agentId: number },
  after: number,
  limit: number,
) {
  const { table, id } = recordKinds[kind];
  const rows = await db
    .select({ id })
    .from(table)
    .where(and(inShard(kind, shard.id, shard.agentId), gt(id, after)))
    .orderBy(asc(id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The names of these people (agents or lenders), for the records that show them. */
async function peopleNamed(db: Tx, ids: Iterable<number | null>) {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return [];
  const rows = await db
    .select({
      id: users.id,
      firstName: sql<string>`coalesce(${agents.firstName}, ${lenders.firstName}, '')`,
      lastName: sql<string>`coalesce(${agents.lastName}, ${lenders.lastName}, '')`,
    })
    .from(users)
    .leftJoin(agents, eq(agents.id, users.id))
    .leftJoin(lenders, eq(lenders.id, users.id))
    .where(inArray(users.id, wanted))
    .orderBy(asc(users.id));
  return rows;
}

/** Adds the people the shard's loans and follow-ups name (and `also`), by id. */
async function addPeople(db: Tx, shard: Wire<Shard>, also: number[] = []) {
  const ids = new Set<number | null>(also);
  for (const loan of shard.loans) {
    ids.add(loan.requesterUserId);
    ids.add(loan.approverUserId);
  }
  for (const followUp of shard.followUps) ids.add(followUp.agentUserId);
  for (const complaint of shard.complaints) ids.add(complaint.ownerUserId ?? null);
  for (const person of shard.people) ids.delete(person.id);
  shard.people.push(...(await peopleNamed(db, ids)));
}

async function countsOf(db: Tx, businessId: number, agentId: number) {
  const counted = async (kind: WorkingSetRecordKind) => {
    const { table } = recordKinds[kind];
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(inShard(kind, businessId, agentId));
    return Number(row?.n ?? 0);
  };
  return {
    borrowers: await counted('borrowers'),
    loans: await counted('loans'),
    followUps: await counted('followUps'),
    agreements: await counted('agreements'),
    ledgers: await counted('ledgers'),
    complaints: await counted('complaints'),
  };
}

async function smallLists(
  db: Db,
  shard: Wire<Shard>,
  which: { areas: boolean; plans: boolean; cycles: boolean },
) {
  const businessId = shard.lenderBusinessId;
  if (which.areas) shard.areas = await areasOfBusiness(db, businessId);
  if (which.plans) shard.plans = await plansOfBusiness(db, businessId);
  if (which.cycles) shard.cycles = await cyclesOfBusiness(db, businessId);
}

/**
 * A loan whose terms are its plan's as the plan stands names the plan instead of repeating
 * its terms. The shard then carries the business's plans, read once for the answer, and
 * the phone takes the terms from that same list: a plan edited meanwhile cannot give a
 * loan terms it does not have.
 */
async function leanLoansOf(db: Db, shard: Wire<Shard>) {
  if (shard.loans.length === 0) return;
  shard.plans ??= await plansOfBusiness(db, shard.lenderBusinessId);
  // Read as the loans list reads them (recordKinds.loans): whole, with their terms.
  const whole = shard.loans as unknown as WorkingSetLoan[];
  shard.loans = leanLoans(whole, shard.plans);
}

/**
 * The next chunk of a filling shard, at most `budget` records; answers the records taken
 * and moves `state.fill` on (null once every kind is sent).
 */
async function fillChunk(
  db: Db,
  state: ShardState,
  shard: Wire<Shard>,
  budget: number,
  agentId: number,
) {
  let taken = 0;
  while (state.fill && taken < budget) {
    const kind = workingSetRecordKinds[state.fill.kind]!;
    const wanted = budget - taken;
    const ids = await nextIds(db, kind, { id: state.id, agentId }, state.fill.after, wanted);
    if (ids.length) {
      const { id } = recordKinds[kind];
      shard[kind] = [...shard[kind], ...(await readRecords(db, kind, inArray(id, ids)))] as never;
      taken += ids.length;
      state.fill.after = ids[ids.length - 1]!;
    }
    // Fewer than asked: this kind is done.
    if (ids.length < wanted) {
      state.fill =
        state.fill.kind + 1 < workingSetRecordKinds.length
          ? { kind: state.fill.kind + 1, after: 0 }
          : null;
    }
  }
  return taken;
}

const entityKinds: Partial<Record<SyncEntity, WorkingSetRecordKind>> = {
  borrower: 'borrowers',
  loan: 'loans',
  followUp: 'followUps',
  agreement: 'agreements',
  ledger: 'ledgers',
  complaint: 'complaints',
};

/** What changed in a business after counter `since`: the records, the lists, the removed. */
async function changesSince(db: Db, shard: Wire<Shard>, since: number, agentId: number) {
  const businessId = shard.lenderBusinessId;
  const changed = await db
    .select({ entity: syncChanges.entity, id: syncChanges.entityId })
    .from(syncChanges)
    .where(and(eq(syncChanges.lenderBusinessId, businessId), gt(syncChanges.version, since)));
  const byEntity = new Map<SyncEntity, number[]>();
  for (const { entity, id } of changed) byEntity.set(entity, [...(byEntity.get(entity) ?? []), id]);
  // A changed loan brings its ledger too: a new loan's (empty) one, and the paybill it shows.
  const loanIds = byEntity.get('loan') ?? [];
  if (loanIds.length)
    byEntity.set('ledger', [...new Set([...(byEntity.get('ledger') ?? []), ...loanIds])]);
  for (const [entity, kind] of Object.entries(entityKinds) as [
    SyncEntity,
    WorkingSetRecordKind,
  ][]) {
    const ids = byEntity.get(entity);
    if (!ids?.length) continue;
    const { id, table } = recordKinds[kind];
    const records = await readRecords(
      db,
      kind,
      and(inArray(id, ids), inShard(kind, businessId, agentId))!,
    );
    shard[kind] = records as never;
    const found = new Set(records.map((record) => record.id));
    let gone = ids.filter((one) => !found.has(one));
    // Of a kind the agent reads only part of, what is someone else's is not named at all:
    // only what no longer exists in the business was the agent's and is removed.
    if (gone.length && 'mine' in recordKinds[kind]) {
      const still = await db
        .select({ id })
        .from(table)
        .where(and(inArray(id, gone), eq(recordKinds[kind].business, businessId)));
      const others = new Set(still.map((row) => row.id));
      gone = gone.filter((one) => !others.has(one));
    }
    shard.removed[kind] = gone.sort((a, b) => a - b);
  }
  const touched = (entity: SyncEntity) => (byEntity.get(entity)?.length ?? 0) > 0;
  await smallLists(db, shard, {
    areas: touched('area'),
    plans: touched('plan') || touched('cycle'),
    cycles: touched('cycle'),
  });
  await addPeople(db, shard, byEntity.get('person') ?? []);
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);
}

/** The answer that says nothing changed since `token`. */
export function emptyAnswer(token: string, now: Date): Wire<WorkingSet> {
  return {
    token,
    more: false,
    consentVersion: BORROWER_CONSENT_VERSION,
    agent: null,
    businesses: null,
    removedBusinessIds: [],
    shards: [],
    syncedAt: now,
  };
}

/**
 * The agent's working set since `since` (none: from the start), or null when nothing
 * changed (the route answers 304).
 */
export async function workingSetFor(
  db: Db,
  agentId: number,
  since: string | undefined,
  options: { now: Date; chunk: number },
): Promise<{ token: string; answer: Wire<WorkingSet> | null }> {
  const token = readToken(since);
  const epoch = await currentEpoch(db);
  const reach = await reachOf(db, agentId);
  const held = new Map(
    token && token.epoch === epoch ? token.shards.map((state) => [state.id, state]) : [],
  );
  const unchanged =
    token !== null &&
    token.epoch === epoch &&
    held.size === reach.length &&
    reach.every((business) => {
      const state = held.get(business.id);
      return state && !state.fill && state.version === business.version;
    });
  if (unchanged) return { token: since!, answer: null };

  const [agent, businesses] = await Promise.all([
    agentById(db, agentId),
    businessesOfAgent(db, agentId),
  ]);
  const hash = hashOf({ agent, businesses });
  const sameProfile = token?.hash === hash;
  const inReach = new Set(reach.map((business) => business.id));
  const removedBusinessIds = [...held.keys()].filter((id) => !inReach.has(id));

  const states: ShardState[] = [];
  const shards: Wire<Shard>[] = [];
  let budget = options.chunk;
  let more = false;
  for (const business of reach) {
    let state = held.get(business.id);
    let reset = false;
    if (!state || state.version > business.version) {
      state = { id: business.id, version: business.version, fill: { kind: 0, after: 0 } };
      reset = true;
    }
    states.push(state);
    if (state.fill) {
      if (budget <= 0) {
        more = true;
        continue;
      }
      const shard = emptyShard(business.id, reset);
      if (reset) await smallLists(db, shard, { areas: true, plans: true, cycles: true });
      budget -= await fillChunk(db, state, shard, budget, agentId);
      await addPeople(db, shard);
      if (!state.fill) {
        shard.complete = true;
        shard.counts = await countsOf(db, business.id, agentId);
        // What changed while it filled comes in the next answer, at once.
        if (state.version < business.version) more = true;
      } else {
        more = true;
      }
      await leanLoansOf(db, shard);
      shards.push(shard);
    } else if (state.version !== business.version) {
      const shard = emptyShard(business.id, false);
      await changesSince(db, shard, state.version, agentId);
      state.version = business.version;
      shard.complete = true;
      if (hasContent(shard)) {
        await leanLoansOf(db, shard);
        shard.counts = await countsOf(db, business.id, agentId);
        shards.push(shard);
      }
    }
  }
  const next = writeToken({ epoch, hash, shards: states });
  return {
    token: next,
    answer: {
      token: next,
      more,
      consentVersion: BORROWER_CONSENT_VERSION,
      agent: sameProfile ? null : (agent ?? null),
      businesses: sameProfile ? null : businesses,
      removedBusinessIds,
      shards,
      syncedAt: options.now,
    },
  };
}
