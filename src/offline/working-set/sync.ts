/**
 * Syncs the agent's working set (docs/architecture.md §7) from GET /agent/working-set:
 * asks with the token it holds, applies each answer in one IndexedDB transaction with the
 * token that comes with it (a crash between two answers keeps the older token and the data
 * it names, so the next sync asks again), and asks again while the server says `more`.
 *
 * Used by the app's windows and by the service worker (Periodic Background Sync), one at a
 * time (a Web Lock). What went wrong is kept in `state.problem` for the status panel: no
 * connection, the server's sentence, storage refused or full, or a list whose count did
 * not match the server's (then the working set fills again from the start, once).
 * A 401 means the server ended the session: the working set is wiped.
 */
import {
  expandComplaint,
  expandLedger,
  expandLoan,
  type WorkingSet,
  type WorkingSetShard,
} from '../../domain/working-set';
import { workingSetRecordKinds } from '../../domain/working-set-kinds';
import type { SyncSession } from '../sync-engine';
import type { ShardRecord, SyncProblem, WorkingSetDb, WorkingSetState } from './db';

export type WorkingSetSyncDeps = {
  db: WorkingSetDb;
  /** The API's absolute base URL, e.g. http://127.0.0.1:8080/api */
  baseUrl: string;
  /** The signed-in agent and token now; null when nobody is (nothing is synced then). */
  session: () => SyncSession | null | Promise<SyncSession | null>;
  fetch?: typeof fetch;
  now?: () => number;
};

export type SyncOutcome = {
  status: 'done' | 'offline' | 'failed' | 'storage' | 'ended' | 'signedOut';
  /** Something on the phone changed: screens showing it read it again. */
  changed: boolean;
  /** Answers applied, and the bytes of their bodies as received (after decoding). */
  answers: number;
};

const LOCK_NAME = 'mkopo-working-set';
/** Answers one sync may take (a fill of 100,000 records in chunks of 2,000 is 50). */
const MAX_ANSWERS = 500;

/** A request for the working set, and how to take it back. */
type Asked = { token: string | null; response: Promise<Response>; abort: AbortController };

/** An empty working set for this agent. */
export function freshState(userId: number): WorkingSetState {
  return {
    key: 'state',
    userId,
    token: null,
    agent: null,
    businesses: [],
    consentVersion: null,
    lastSyncAt: null,
    lastAttemptAt: null,
    problem: null,
  };
}

/** Removes everything the working set holds (a Log out, another agent, an ended session). */
export async function wipeWorkingSet(db: WorkingSetDb): Promise<void> {
  await db.transaction('rw', [db.state, db.shards, ...db.recordTables], async () => {
    await Promise.all([
      db.state.clear(),
      db.shards.clear(),
      ...db.recordTables.map((t) => t.clear()),
    ]);
  });
}

async function dropBusiness(db: WorkingSetDb, businessId: number): Promise<void> {
  await db.shards.delete(businessId);
  await db.people
    .where('[lenderBusinessId+id]')
    .between([businessId, -Infinity], [businessId, Infinity])
    .delete();
  for (const table of [
    db.borrowers,
    db.loans,
    db.followUps,
    db.agreements,
    db.ledgers,
    db.complaints,
  ]) {
    await table.where('lenderBusinessId').equals(businessId).delete();
  }
}

/** Applies one business's part of an answer; answers the lists whose count is wrong. */
async function applyShard(db: WorkingSetDb, shard: WorkingSetShard): Promise<string[]> {
  const id = shard.lenderBusinessId;
  if (shard.reset) await dropBusiness(db, id);
  const held: ShardRecord = (await db.shards.get(id)) ?? {
    lenderBusinessId: id,
    complete: false,
    areas: [],
    plans: [],
    cycles: [],
    counts: null,
  };
  if (shard.areas) held.areas = shard.areas;
  if (shard.plans) held.plans = shard.plans;
  if (shard.cycles) held.cycles = shard.cycles;
  await db.people.bulkPut(shard.people.map((person) => ({ ...person, lenderBusinessId: id })));
  await db.borrowers.bulkPut(shard.borrowers);
  await db.loans.bulkPut(shard.loans.map((loan) => expandLoan(loan, shard.plans)));
  await db.followUps.bulkPut(shard.followUps);
  await db.agreements.bulkPut(shard.agreements);
  await db.ledgers.bulkPut(shard.ledgers.map(expandLedger));
  await db.complaints.bulkPut(shard.complaints.map(expandComplaint));
  await db.borrowers.bulkDelete(shard.removed.borrowers);
  await db.loans.bulkDelete(shard.removed.loans);
  await db.followUps.bulkDelete(shard.removed.followUps);
  await db.agreements.bulkDelete(shard.removed.agreements);
  await db.ledgers.bulkDelete([...shard.removed.ledgers, ...shard.removed.loans]);
  await db.complaints.bulkDelete(shard.removed.complaints);
  held.complete ||= shard.complete;
  const wrong: string[] = [];
  if (shard.counts) {
    held.counts = shard.counts;
    const tables = {
      borrowers: db.borrowers,
      loans: db.loans,
      followUps: db.followUps,
      agreements: db.agreements,
      ledgers: db.ledgers,
      complaints: db.complaints,
    };
    for (const kind of workingSetRecordKinds) {
      const here = await tables[kind].where('lenderBusinessId').equals(id).count();
      if (here !== shard.counts[kind]) wrong.push(kind);
    }
  }
  await db.shards.put(held);
  return wrong;
}

/** Applies an answer with its token, all or nothing; answers the lists found wrong. */
export async function applyAnswer(
  db: WorkingSetDb,
  userId: number,
  answer: WorkingSet,
): Promise<string[]> {
  return db.transaction('rw', [db.state, db.shards, ...db.recordTables], async () => {
    const state = (await db.state.get('state')) ?? freshState(userId);
    for (const businessId of answer.removedBusinessIds) await dropBusiness(db, businessId);
    const wrong: string[] = [];
    for (const shard of answer.shards) wrong.push(...(await applyShard(db, shard)));
    if (answer.agent) state.agent = answer.agent;
    if (answer.businesses) state.businesses = answer.businesses;
    state.consentVersion = answer.consentVersion;
    // A list that does not add up: start again from the start (the next sync fills it all).
    state.token = wrong.length ? null : answer.token;
    await db.state.put(state);
    return wrong;
  });
}

function changedBy(answer: WorkingSet): boolean {
  return (
    answer.shards.length > 0 ||
    answer.removedBusinessIds.length > 0 ||
    answer.agent !== null ||
    answer.businesses !== null
  );
}

async function noteProblem(
  db: WorkingSetDb,
  userId: number,
  problem: SyncProblem | null,
  at: number,
  finished: boolean,
): Promise<void> {
  await db.transaction('rw', db.state, async () => {
    const state = (await db.state.get('state')) ?? freshState(userId);
    state.problem = problem;
    state.lastAttemptAt = at;
    if (finished) state.lastSyncAt = at;
    await db.state.put(state);
  });
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name;
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

async function syncLocked(deps: WorkingSetSyncDeps): Promise<SyncOutcome> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const fetchFn = deps.fetch ?? fetch.bind(globalThis);
  const session = await deps.session();
  if (!session) return { status: 'signedOut', changed: false, answers: 0 };
  const held = await db.state.get('state');
  if (held && held.userId !== session.userId) await wipeWorkingSet(db);
  const { userId } = session;
  /** Asks for what changed since `token`; the request can be taken back. */
  const ask = (token: string | null): Asked => {
    const abort = new AbortController();
    const since = token ? `?since=${encodeURIComponent(token)}` : '';
    const response = fetchFn(`${deps.baseUrl}/agent/working-set${since}`, {
      headers: {
        Authorization: `Bearer ${session.token}`,
        // The token is the last answer's ETag: nothing changed since it is a 304.
        ...(token ? { 'If-None-Match': `W/"${token}"` } : {}),
      },
      cache: 'no-store',
      signal: abort.signal,
    });
    // A request taken back rejects with nobody waiting for it: that is no error.
    response.catch(() => undefined);
    return { token, response, abort };
  };
  // The request sent ahead, while an answer was being stored (a field: set in the loop).
  const sent: { ahead: Asked | null } = { ahead: null };
  try {
    return await answersUntilDone();
  } finally {
    sent.ahead?.abort.abort();
  }

  async function answersUntilDone(): Promise<SyncOutcome> {
    let changed = false;
    let answers = 0;
    let refilled = false;
    while (answers < MAX_ANSWERS) {
      const state = (await db.state.get('state')) ?? freshState(userId);
      // The next chunk of a fill was asked for while the last one was being stored: used if
      // the last one was stored whole (its token is now the phone's), else taken back.
      let asked: Asked | null = sent.ahead;
      sent.ahead = null;
      if (asked && asked.token !== state.token) {
        asked.abort.abort();
        asked = null;
      }
      asked ??= ask(state.token);
      let response: Response;
      try {
        response = await asked.response;
      } catch {
        await noteProblem(db, userId, { kind: 'offline' }, now(), false);
        return { status: 'offline', changed, answers };
      }
      if (response.status === 401) {
        // The server ended this session (suspended, password reset, logged out elsewhere):
        // nothing of its working set stays on the phone.
        await wipeWorkingSet(db);
        return { status: 'ended', changed: true, answers };
      }
      if (response.status === 304) {
        await noteProblem(db, userId, null, now(), true);
        return { status: 'done', changed, answers };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (response.status !== 200) {
        const message = (body as { message?: unknown } | undefined)?.message;
        await noteProblem(
          db,
          userId,
          {
            kind: 'server',
            message: typeof message === 'string' ? message : `HTTP ${response.status}`,
          },
          now(),
          false,
        );
        return { status: 'failed', changed, answers };
      }
      const answer = body as WorkingSet;
      // Signed out (or another agent signed in) while the answer travelled: keep nothing.
      const still = await deps.session();
      if (!still || still.userId !== userId) return { status: 'signedOut', changed, answers };
      // A fill goes on at once with this answer's token: its next chunk travels (and the server
      // reads it) while the phone stores this one.
      if (answer.more) sent.ahead = ask(answer.token);
      let wrong: string[];
      try {
        wrong = await applyAnswer(db, userId, answer);
      } catch (error) {
        await noteProblem(
          db,
          userId,
          { kind: 'storage', quota: isQuotaError(error) },
          now(),
          false,
        ).catch(() => undefined);
        return { status: 'storage', changed, answers };
      }
      answers += 1;
      changed ||= changedBy(answer);
      if (wrong.length) {
        await noteProblem(db, userId, { kind: 'counts', lists: wrong }, now(), false);
        if (refilled) return { status: 'failed', changed, answers };
        refilled = true;
        continue;
      }
      if (!answer.more) {
        await noteProblem(db, userId, null, now(), true);
        return { status: 'done', changed, answers };
      }
    }
    return { status: 'failed', changed, answers };
  }
}

/** Runs `work` while no sync runs anywhere (windows, the service worker). */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? (locks.request(LOCK_NAME, work) as Promise<T>) : work();
}

/** One sync to the end (or to the first problem), one at a time across windows and the worker. */
export function syncWorkingSet(deps: WorkingSetSyncDeps): Promise<SyncOutcome> {
  return exclusively(() => syncLocked(deps));
}

/**
 * Wipes once the sync running (if any) has stopped: it stops at its next answer, finding
 * nobody signed in, so nothing it fetched lands after the wipe.
 */
export function wipeWorkingSetWhenIdle(db: WorkingSetDb): Promise<void> {
  return exclusively(() => wipeWorkingSet(db));
}
