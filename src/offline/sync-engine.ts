/**
 * The sync engine (docs/architecture.md §7): drains a user's outbox into the REST API.
 * - One drainer at a time across windows and the service worker (Web Locks; a flag
 *   where there are none), and each item is claimed (waiting → sending) in a transaction
 *   before it is sent.
 * - Up to DRAIN_CONCURRENCY items travel at once. An item whose `refs` name a record
 *   still in the outbox waits for it (a loan application or loan file for a borrower
 *   registered offline goes after the borrower, with the real id); items that refer to
 *   nothing queued do not wait for each other.
 * - Every item goes with its own UUID as Idempotency-Key, so an item sent again after a
 *   crash between the server's answer and the local commit is answered, not repeated.
 * - Items are sent only with their own user's token, read again before each request.
 * - Network errors, 408, 429 and 5xx wait and retry with exponential backoff and jitter;
 *   401 pauses until that user signs in again; any other 4xx parks the item as
 *   needs-attention with the server's sentence, for the agent to edit, retry or discard.
 */
import { offlineText } from '../i18n/offline';
import { serverSentence } from '../api/server-sentence';
import { LAST_SYNC_KEY, type OfflineDb, type OutboxItem, type OutboxRequest } from './db';
import { NO_CONNECTION, userItems } from './outbox';

export type SyncSession = { userId: number; token: string };

/** How many outbox requests travel at once (over the same kept-alive connections). */
export const DRAIN_CONCURRENCY = 4;

export type SyncDeps = {
  db: OfflineDb;
  /** The API's absolute base URL, e.g. http://127.0.0.1:8080/api */
  baseUrl: string;
  /**
   * The signed-in user and token now; null when nobody is signed in. Asked again before
   * every request, so a sign-out or another user's sign-in stops the drain at once.
   */
  session: () => SyncSession | null | Promise<SyncSession | null>;
  fetch?: typeof fetch;
  /** How many requests travel at once; DRAIN_CONCURRENCY unless given (bench:sync tries others). */
  concurrency?: number;
  now?: () => number;
  random?: () => number;
  /** After the server confirmed an item and it left the outbox. */
  onConfirmed?: (item: OutboxItem, answer: unknown) => Promise<void> | void;
};

export type DrainResult = {
  sent: number;
  parked: number;
  /** Items waiting for a record still in the outbox, or for their backoff to pass. */
  waiting: number;
  /** 401: nothing more is sent until this user signs in again. */
  paused: boolean;
  /** When the next attempt is due (epoch ms), if items wait for a backoff. */
  retryAt: number | null;
};

const LOCK_NAME = 'mkopo-outbox';
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_CAP_MS = 5 * 60_000;
const DISCARDED_REFERENCE = offlineText.discardedReference;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … at most 5 minutes, each ±50%. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

let drainingHere = false;

/**
 * Runs `drain` unless another drainer (this page, another tab, the service worker) is
 * running; with `wait`, runs it once that one is done instead.
 */
async function exclusively<T>(drain: () => Promise<T>, wait: boolean): Promise<T | null> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks?.request) {
    return locks.request(LOCK_NAME, { ifAvailable: !wait }, async (lock) =>
      lock ? drain() : null,
    );
  }
  if (drainingHere) return null;
  drainingHere = true;
  try {
    return await drain();
  } finally {
    drainingHere = false;
  }
}

/**
 * Drains the signed-in user's outbox; null when another drainer is at work (or, with
 * `wait`, only after it finished).
 */
export function drainOutbox(
  deps: SyncDeps,
  options: { wait?: boolean } = {},
): Promise<DrainResult | null> {
  return exclusively(() => drainOnce(deps), options.wait ?? false);
}

export type Answer = { status: number; body: unknown };

function messageOf(answer: Answer): string {
  return serverSentence(answer.body) ?? offlineText.refusedWithStatus(answer.status);
}

/** The id the server gave a created record: { data: { id } } or { id }. */
export function createdId(body: unknown): number | null {
  const answer = body as { id?: unknown; data?: { id?: unknown } } | undefined;
  const id = answer?.data?.id ?? answer?.id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/** Sends one outbox request with its Idempotency-Key; status 0 when nothing answered. */
export async function sendRequest(
  target: { baseUrl: string; fetch?: typeof fetch },
  key: string,
  request: OutboxRequest,
  token: string,
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'idempotency-key': key,
  };
  let body: BodyInit | undefined;
  if (request.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.form.fields)) form.append(name, value);
    for (const [name, file] of Object.entries(request.form.files)) {
      form.append(name, file.blob, file.name);
    }
    body = form;
  } else if (request.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const doFetch = target.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    const response = await doFetch(`${target.baseUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: undefined };
  }
}

type Resolved =
  | { kind: 'ready'; request: OutboxRequest }
  | { kind: 'blocked'; on: number }
  | { kind: 'orphaned' };

/**
 * The request with the temporary ids in its `refs` fields replaced by the real ids the
 * server gave; `unresolved` lists the temporary ids not confirmed yet.
 */
export async function replaceTempIds(
  db: OfflineDb,
  request: OutboxRequest,
): Promise<{ request: OutboxRequest; unresolved: number[] }> {
  const unresolved: number[] = [];
  if (!request.refs?.length) return { request, unresolved };
  const json = request.json ? { ...request.json } : undefined;
  const fields = request.form ? { ...request.form.fields } : undefined;
  for (const ref of request.refs) {
    const value = Number(json ? json[ref] : fields?.[ref]);
    if (!Number.isInteger(value) || value >= 0) continue;
    const mapping = await db.idMap.get(value);
    if (!mapping) {
      unresolved.push(value);
      continue;
    }
    if (json) json[ref] = mapping.realId;
    if (fields) fields[ref] = String(mapping.realId);
  }
  return {
    request: {
      ...request,
      ...(json ? { json } : {}),
      ...(request.form && fields ? { form: { ...request.form, fields } } : {}),
    },
    unresolved,
  };
}

/** The item's request ready to send, or why it cannot go yet. */
export async function resolveRefs(db: OfflineDb, item: OutboxItem): Promise<Resolved> {
  for (let look = 1; ; look++) {
    const { request, unresolved } = await replaceTempIds(db, item.request);
    const [missing] = unresolved;
    if (missing === undefined) return { kind: 'ready', request };
    const queued = await db.outbox.where('tempId').equals(missing).first();
    if (queued) return { kind: 'blocked', on: missing };
    // Gone from the outbox: discarded, or confirmed since its id was looked up (a send maps
    // the id and deletes its item in one transaction). Only what is still unmapped at a
    // second look was discarded.
    if (look === 2) return { kind: 'orphaned' };
  }
}

const isTransient = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

async function drainOnce(deps: SyncDeps): Promise<DrainResult> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const concurrency = Math.max(1, deps.concurrency ?? DRAIN_CONCURRENCY);
  const random = deps.random ?? Math.random;
  const result: DrainResult = { sent: 0, parked: 0, waiting: 0, paused: false, retryAt: null };
  const session = await deps.session();
  if (!session) return { ...result, paused: true };
  const userId = session.userId;

  // An item left "sending" belongs to a drain that died (a closed page): we hold the lock.
  await db.outbox
    .where('userId')
    .equals(userId)
    .filter((item) => item.status === 'sending')
    .modify({ status: 'waiting' });

  const noteRetry = (at: number) => {
    result.retryAt = result.retryAt === null ? at : Math.min(result.retryAt, at);
  };

  // The items of this pass, in the order they were made; the temporary ids of those not
  // settled yet, which the items referring to them wait for.
  let pending = (await userItems(db, userId)).filter((item) => item.status === 'waiting');
  const unsettled = new Set(pending.flatMap((item) => (item.tempId === null ? [] : [item.tempId])));
  const inFlight = new Set<Promise<void>>();
  // Set when nothing more should start: 401, a lost connection, the server down.
  let stop: 'paused' | 'unreachable' | null = null;

  const settle = (item: OutboxItem) => {
    if (item.tempId !== null) unsettled.delete(item.tempId);
  };

  const send = async (listed: OutboxItem, request: OutboxRequest): Promise<void> => {
    // Claim it: only a waiting item is sent, and only by the drainer that claimed it.
    // (put of the item just read, not update: Dexie's update walks a cursor to find it.)
    const claimed = await db.transaction('rw', db.outbox, async () => {
      const fresh = await db.outbox.get(listed.seq!);
      if (!fresh || fresh.status !== 'waiting') return null;
      const sending: OutboxItem = { ...fresh, status: 'sending', attempts: fresh.attempts + 1 };
      await db.outbox.put(sending);
      return sending;
    });
    if (!claimed) return;

    // Never with another user's token: the session may have changed while we worked.
    const current = await deps.session();
    if (!current || current.userId !== claimed.userId) {
      await db.outbox.update(claimed.seq!, { status: 'waiting', attempts: claimed.attempts - 1 });
      stop = 'paused';
      return;
    }

    const answer = await sendRequest(deps, claimed.id, request, current.token);

    if (answer.status >= 200 && answer.status < 300) {
      await db.transaction('rw', db.outbox, db.idMap, db.meta, async () => {
        const realId = createdId(answer.body);
        if (claimed.tempId !== null && realId !== null) {
          await db.idMap.put({
            tempId: claimed.tempId,
            realId,
            kind: claimed.kind,
            userId: claimed.userId,
          });
        }
        await db.outbox.delete(claimed.seq!);
        await db.meta.put({ key: LAST_SYNC_KEY, value: now() });
      });
      result.sent += 1;
      await deps.onConfirmed?.(claimed, answer.body);
      return;
    }
    if (answer.status === 401) {
      await db.outbox.update(claimed.seq!, {
        status: 'waiting',
        attempts: claimed.attempts - 1,
        lastError: messageOf(answer),
      });
      stop = 'paused';
      return;
    }
    if (isTransient(answer.status)) {
      const at = now() + backoffMs(claimed.attempts, random);
      await db.outbox.update(claimed.seq!, {
        status: 'waiting',
        nextAttemptAt: at,
        lastError: answer.status === 0 ? NO_CONNECTION : messageOf(answer),
      });
      noteRetry(at);
      // The network or the server is down: the rest would fail the same way.
      if (answer.status === 0 || answer.status >= 500) stop ??= 'unreachable';
      return;
    }
    await db.outbox.update(claimed.seq!, {
      status: 'needsAttention',
      lastError: messageOf(answer),
    });
    result.parked += 1;
  };

  const launch = (item: OutboxItem, request: OutboxRequest) => {
    const task = send(item, request).finally(() => {
      settle(item);
      inFlight.delete(task);
    });
    inFlight.add(task);
  };

  // Start what can go, oldest first, up to `concurrency` at once; when one is done,
  // look again (an item waiting for a record may now have its real id).
  for (;;) {
    const later: OutboxItem[] = [];
    for (const item of pending) {
      if (stop || inFlight.size >= concurrency) {
        later.push(item);
        continue;
      }
      if (item.nextAttemptAt > now()) {
        noteRetry(item.nextAttemptAt);
        settle(item);
        continue;
      }
      const resolved = await resolveRefs(db, item);
      if (resolved.kind === 'blocked') {
        // Its record is sent in this pass: try again when that is settled.
        if (unsettled.has(resolved.on)) later.push(item);
        else settle(item);
        continue;
      }
      if (resolved.kind === 'orphaned') {
        await db.outbox.update(item.seq!, {
          status: 'needsAttention',
          lastError: DISCARDED_REFERENCE,
        });
        result.parked += 1;
        settle(item);
        continue;
      }
      launch(item, resolved.request);
    }
    pending = later;
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }

  if (stop === 'paused') result.paused = true;
  // What did not go in this pass still waits.
  const left = await userItems(db, userId);
  result.waiting = left.filter((item) => item.status === 'waiting').length;
  for (const item of left)
    if (item.status === 'waiting' && item.nextAttemptAt) noteRetry(item.nextAttemptAt);
  return result;
}
