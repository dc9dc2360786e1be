/**
 * Settling payments whose result never came (Daraja's API reference): for a B2C a transaction status
 * query asks M-Pesa how it ended (at once after a queue timeout, and by a periodic
 * sweep); for an STK push, an STK push query answers at once. After MAX_STATUS_QUERIES
 * unanswered queries a payment waits for an administrator (Payments needing a decision).
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { centsToNumber } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { mpesaRequests } from '../../db/schema';
import type { MpesaGateway } from '../../mpesa/port';
import { completeB2c } from './b2c';
import { amountOf, recordEvent, valueOf, type Item, type RequestRow } from './requests';
import { completeStk } from './stk';

/** Transaction statuses that settle a B2C whose result never came (Daraja's API reference). */
const STATUS_COMPLETED = 'Completed';
const STATUS_FAILED = new Set(['Failed', 'Cancelled', 'Declined', 'Expired']);

/** A B2C waits this long for its result before M-Pesa is asked how it ended. */
export const B2C_RESULT_PATIENCE_MS = 15 * 60_000;
/** After this many unanswered status queries a payment is left for a person to settle. */
export const MAX_STATUS_QUERIES = 10;
/** An STK push waits this long for its callback before M-Pesa is asked (prompts expire sooner). */
export const STK_RESULT_PATIENCE_MS = 3 * 60_000;
/** STK push query ResultCodes: 0 paid; anything else the push has ended unpaid. */
const STK_PAID = '0';

/** Asks M-Pesa how a pending B2C ended; the answer arrives on the status result callback. */
export async function queryB2cStatus(
  db: Db,
  gateway: MpesaGateway,
  requestId: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const request = await countStatusQuery(db, requestId, 'b2c');
  if (!request?.originatorConversationId) return false;
  try {
    const accepted = await gateway.transactionStatus({
      originatorConversationId: request.originatorConversationId,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(mpesaRequests)
        .set({ statusQueryId: accepted.conversationId })
        .where(eq(mpesaRequests.id, request.id));
      await recordEvent(tx, request.id, 'status_queried', {
        query: request.statusQueries,
        queryId: accepted.conversationId,
      });
    });
    return true;
  } catch (error) {
    log.warn({ err: error, request: request.id }, 'B2C status query could not be sent');
    await recordQueryFailure(db, request, error);
    return false;
  }
}

/** Counts one more status query of a pending request; answers it, or undefined if settled. */
async function countStatusQuery(db: Db, requestId: number, kind: 'stk' | 'b2c') {
  const [request] = await db
    .update(mpesaRequests)
    .set({
      statusQueriedAt: new Date(),
      statusQueries: sql`${mpesaRequests.statusQueries} + 1`,
    })
    .where(
      and(
        eq(mpesaRequests.id, requestId),
        eq(mpesaRequests.kind, kind),
        eq(mpesaRequests.status, 'pending'),
      ),
    )
    .returning();
  return request;
}

/** A status query that could not be asked, in the request's history; the sweep asks again. */
async function recordQueryFailure(db: Db, request: RequestRow, error: unknown): Promise<void> {
  await recordEvent(db, request.id, 'status_queried', {
    query: request.statusQueries,
    error: error instanceof Error ? error.message : String(error),
  });
}

/**
 * The result of a transaction status query: Completed settles the B2C as paid (with its
 * receipt), Failed and the like settle it as failed and reverse its debit; anything else
 * (the payment not found yet, an error) leaves it pending for the next query.
 */
export async function receiveB2cStatus(
  db: Db,
  body: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<void> {
  const result = body.Result as Record<string, unknown> | undefined;
  if (!result) return;
  const reference = (result.ReferenceData as { ReferenceItem?: Item | Item[] } | undefined)
    ?.ReferenceItem;
  const occasion = valueOf(
    Array.isArray(reference) ? reference : reference ? [reference] : [],
    'Occasion',
  );
  const queryIds = [result.ConversationID, result.OriginatorConversationID].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  const matches = [
    ...(queryIds.length ? [inArray(mpesaRequests.statusQueryId, queryIds)] : []),
    ...(typeof occasion === 'string' && occasion
      ? [eq(mpesaRequests.originatorConversationId, occasion)]
      : []),
  ];
  if (!matches.length) return;
  const [request] = await db
    .select()
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.kind, 'b2c'), or(...matches)))
    .limit(1);
  if (!request || request.status !== 'pending' || !request.originatorConversationId) return;
  const code = result.ResultCode;
  const parameters = (result.ResultParameters as { ResultParameter?: Item[] } | undefined)
    ?.ResultParameter;
  const status = String(valueOf(parameters, 'TransactionStatus') ?? '');
  const amount = amountOf(valueOf(parameters, 'Amount'));
  await recordEvent(db, request.id, 'status_result', {
    resultCode: code ?? null,
    resultDesc: result.ResultDesc ?? null,
    transactionStatus: status || null,
    amount: amount === null ? null : centsToNumber(amount),
  });
  if (code === undefined || code === null || code === '' || Number(code) !== 0) {
    log.warn(
      { request: request.id, resultCode: result.ResultCode, resultDesc: result.ResultDesc },
      'B2C status query did not find the payment; it stays pending',
    );
    return;
  }
  if (status !== STATUS_COMPLETED && !STATUS_FAILED.has(status)) return;
  const receipt = valueOf(parameters, 'ReceiptNo') ?? result.TransactionID;
  await completeB2c(db, {
    originatorConversationId: request.originatorConversationId,
    success: status === STATUS_COMPLETED,
    resultCode: status === STATUS_COMPLETED ? '0' : `status-${status.toLowerCase()}`,
    resultDesc: `Transaction status query: ${status}`,
    receipt: typeof receipt === 'string' ? receipt : null,
    reportedAmount: amount,
    raw: body,
    via: 'status query',
  });
}

/** How the sweep asks about one kind's overdue requests, after how long by default. */
type Reconcile = (
  db: Db,
  gateway: MpesaGateway,
  log: FastifyBaseLogger,
  options?: { patienceMs?: number; now?: Date },
) => Promise<{ queried: number }>;

function reconcilePending(
  kind: 'stk' | 'b2c',
  patienceMs: number,
  query: (db: Db, gateway: MpesaGateway, id: number, log: FastifyBaseLogger) => Promise<boolean>,
): Reconcile {
  return (db, gateway, log, options = {}) =>
    askAboutOverdue(db, kind, options.patienceMs ?? patienceMs, options.now, (id) =>
      query(db, gateway, id, log),
    );
}

/**
 * Asks M-Pesa about every B2C still pending after B2C_RESULT_PATIENCE_MS (its result lost
 * or timed out), at most once per that interval and MAX_STATUS_QUERIES times in all.
 */
export const reconcilePendingB2c = reconcilePending('b2c', B2C_RESULT_PATIENCE_MS, queryB2cStatus);

/**
 * Asks, one by one, about the pending requests of a kind older than `patienceMs`, not
 * asked within it, and asked fewer than MAX_STATUS_QUERIES times; answers how many asks
 * went out.
 */
async function askAboutOverdue(
  db: Db,
  kind: 'stk' | 'b2c',
  patienceMs: number,
  now: Date | undefined,
  ask: (id: number) => Promise<boolean>,
): Promise<{ queried: number }> {
  const before = new Date((now ?? new Date()).getTime() - patienceMs);
  const waiting = await db
    .select({ id: mpesaRequests.id })
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, kind),
        eq(mpesaRequests.status, 'pending'),
        // An STK push without a CheckoutRequestID never left: the recovery fails it.
        kind === 'stk' ? isNotNull(mpesaRequests.checkoutRequestId) : undefined,
        sql`${mpesaRequests.createdAt} <= ${before}`,
        sql`(${mpesaRequests.statusQueriedAt} is null or ${mpesaRequests.statusQueriedAt} <= ${before})`,
        sql`${mpesaRequests.statusQueries} < ${MAX_STATUS_QUERIES}`,
      ),
    )
    .orderBy(mpesaRequests.id)
    .limit(100);
  let queried = 0;
  for (const { id } of waiting) {
    if (await ask(id)) queried += 1;
  }
  return { queried };
}

/**
 * Asks M-Pesa how an STK push ended (its callback never came) and settles it by the
 * answer: paid credits the capital once, a definite failure (cancelled, unreachable,
 * wrong PIN, insufficient funds…) fails it, "still being processed" leaves it.
 */
export async function queryStkStatus(
  db: Db,
  gateway: MpesaGateway,
  requestId: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const request = await countStatusQuery(db, requestId, 'stk');
  if (!request?.checkoutRequestId) return false;
  const checkoutRequestId = request.checkoutRequestId;
  let answer: Awaited<ReturnType<MpesaGateway['stkStatus']>>;
  try {
    answer = await gateway.stkStatus({ checkoutRequestId });
  } catch (error) {
    log.warn({ err: error, request: request.id }, 'STK push query failed');
    await recordQueryFailure(db, request, error);
    return false;
  }
  await db.transaction(async (tx) => {
    await recordEvent(tx, request.id, 'status_queried', { query: request.statusQueries });
    await recordEvent(
      tx,
      request.id,
      'status_result',
      answer.pending
        ? { pending: true }
        : { resultCode: answer.resultCode, resultDesc: answer.resultDesc },
    );
  });
  if (answer.pending) return true;
  await completeStk(db, {
    checkoutRequestId,
    success: answer.resultCode === STK_PAID,
    resultCode: answer.resultCode,
    resultDesc: `STK push query: ${answer.resultDesc}`,
    receipt: null,
    raw: { stkPushQuery: answer },
    via: 'status query',
  });
  return true;
}

/**
 * Asks about every STK push still pending after STK_RESULT_PATIENCE_MS (its callback
 * lost), at most once per that interval and MAX_STATUS_QUERIES times in all.
 */
export const reconcilePendingStk = reconcilePending('stk', STK_RESULT_PATIENCE_MS, queryStkStatus);
