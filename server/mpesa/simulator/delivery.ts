/**
 * The M-Pesa simulator's delivery loop: it POSTs the callbacks the simulator owes once they
 * fall due. It claims each row with one conditional UPDATE (FOR UPDATE SKIP LOCKED), so two
 * instances on one database never both deliver it; a callback the server refuses or cannot
 * receive is retried later with a growing pause.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mpesaSimulatorPayments } from '../../db/schema';
import { deliverAt } from './store';

/** A claimed delivery may take this long before another instance may try it again. */
const DELIVERY_LEASE_MS = 30_000;
/** How long one callback POST may take. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long closing waits for a callback already sent before cutting it off. */
const CLOSE_GRACE_MS = 3_000;
/** The loop looks for due callbacks at least this often (retries, other instances). */
const POLL_MS = 2_000;
/** Pauses between attempts at a refused callback: 1 s, 2 s, 4 s … at most a minute. */
const MAX_BACKOFF_MS = 60_000;
/** Callbacks delivered in one run of the loop before it yields. */
const BATCH = 50;

export type CallbackDelivery = {
  /** Runs the loop in `inMs` (sooner if it was already due sooner); nothing before start. */
  wake: (inMs: number) => void;
  /** Starts delivering (once the server listens): what is due now, then as it falls due. */
  start: () => void;
  /** Stops the loop and waits for a delivery in flight. */
  close: () => Promise<void>;
};

export function callbackDelivery(db: Db, log: FastifyBaseLogger): CallbackDelivery {
  const table = mpesaSimulatorPayments;

  // One run at a time in this process, woken by a timer.
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let runAgain = false;
  const inFlight = new AbortController();

  function wake(inMs: number) {
    if (!started || closed) return;
    const at = Date.now() + Math.max(0, inMs);
    if (timer && at >= wakeAt) return;
    clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(run, Math.max(0, inMs));
    timer.unref();
  }

  function run() {
    timer = undefined;
    wakeAt = Number.POSITIVE_INFINITY;
    if (closed) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = deliverDue()
      .then(nextDueInMs)
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'M-Pesa simulator delivery failed');
        return POLL_MS;
      })
      .then((nextMs) => {
        running = undefined;
        const again = runAgain;
        runAgain = false;
        wake(again ? 0 : Math.min(nextMs, POLL_MS));
      });
  }

  async function nextDueInMs(): Promise<number> {
    const [next] = await db
      .select({
        ms: sql<number | null>`extract(epoch from (min(${table.deliverAt}) - now())) * 1000`,
      })
      .from(table)
      .where(isNull(table.deliveredAt));
    const ms = next?.ms === null || next?.ms === undefined ? POLL_MS : Number(next.ms);
    return Math.max(0, Math.ceil(ms));
  }

  async function deliverDue(): Promise<void> {
    for (let i = 0; i < BATCH && !closed; i += 1) {
      const due = db
        .select({ id: table.id })
        .from(table)
        .where(and(isNull(table.deliveredAt), lte(table.deliverAt, sql`now()`)))
        .orderBy(table.deliverAt, table.id)
        .limit(1)
        .for('update', { skipLocked: true });
      // The claim: one statement, so only one instance gets the row; the lease keeps
      // the others off it while the POST is in flight.
      const [row] = await db
        .update(table)
        .set({ attempts: sql`${table.attempts} + 1`, deliverAt: deliverAt(DELIVERY_LEASE_MS) })
        .where(inArray(table.id, due))
        .returning();
      if (!row) return;
      const problem = await post(row.callbackUrl, row.callbackBody);
      if (problem === null) {
        await db
          .update(table)
          .set({ deliveredAt: sql`now()` })
          .where(eq(table.id, row.id));
        continue;
      }
      const pauseMs = Math.min(1000 * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      if (!closed)
        log.warn(
          { kind: row.kind, attempts: row.attempts, retryInMs: pauseMs, problem },
          'simulated M-Pesa callback not received; it will be sent again',
        );
      await db
        .update(table)
        .set({ deliverAt: deliverAt(pauseMs) })
        .where(and(eq(table.id, row.id), isNull(table.deliveredAt)));
    }
  }

  /** POSTs one callback; answers null when the server took it, else what went wrong. */
  async function post(url: string, body: unknown): Promise<string | null> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  return {
    wake,
    start: () => {
      if (started || closed) return;
      started = true;
      wake(0);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      // A callback already sent is let finish, so what the app answered is recorded as
      // delivered: the app answers the requests it took in before its own hooks run, and
      // refuses new ones while it closes. A delivery still waiting after the grace is cut
      // off and owed again after the restart.
      const grace = setTimeout(() => inFlight.abort(), CLOSE_GRACE_MS);
      await running;
      clearTimeout(grace);
    },
  };
}
