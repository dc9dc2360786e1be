/**
 * Settling B2C payments whose result never came (MPESA.md): a transaction status query
 * asks M-Pesa how each ended, at once after a queue timeout and by a periodic sweep.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mpesaRequests } from '../../db/schema';
import type { MpesaGateway } from '../../mpesa/port';
import { completeB2c } from './b2c';
import { valueOf, type Item } from './requests';

/** Transaction statuses that settle a B2C whose result never came (MPESA.md). */
const STATUS_COMPLETED = 'Completed';
const STATUS_FAILED = new Set(['Failed', 'Cancelled', 'Declined', 'Expired']);

/** A B2C waits this long for its result before M-Pesa is asked how it ended. */
export const B2C_RESULT_PATIENCE_MS = 15 * 60_000;
/** After this many unanswered status queries a payment is left for a person to settle. */
export const MAX_STATUS_QUERIES = 10;

/** Asks M-Pesa how a pending B2C ended; the answer arrives on the status result callback. */
export async function queryB2cStatus(
  db: Db,
  gateway: MpesaGateway,
  requestId: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const [request] = await db
    .update(mpesaRequests)
    .set({
      statusQueriedAt: new Date(),
      statusQueries: sql`${mpesaRequests.statusQueries} + 1`,
    })
    .where(
      and(
        eq(mpesaRequests.id, requestId),
        eq(mpesaRequests.kind, 'b2c'),
        eq(mpesaRequests.status, 'pending'),
      ),
    )
    .returning();
  if (!request?.originatorConversationId) return false;
  try {
    const accepted = await gateway.transactionStatus({
      originatorConversationId: request.originatorConversationId,
    });
    await db
      .update(mpesaRequests)
      .set({ statusQueryId: accepted.conversationId })
      .where(eq(mpesaRequests.id, request.id));
    return true;
  } catch (error) {
    log.warn({ err: error, request: request.id }, 'B2C status query could not be sent');
    return false;
  }
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
  if (code === undefined || code === null || code === '' || Number(code) !== 0) {
    log.warn(
      { request: request.id, resultCode: result.ResultCode, resultDesc: result.ResultDesc },
      'B2C status query did not find the payment; it stays pending',
    );
    return;
  }
  const parameters = (result.ResultParameters as { ResultParameter?: Item[] } | undefined)
    ?.ResultParameter;
  const status = String(valueOf(parameters, 'TransactionStatus') ?? '');
  if (status !== STATUS_COMPLETED && !STATUS_FAILED.has(status)) return;
  const receipt = valueOf(parameters, 'ReceiptNo') ?? result.TransactionID;
  await completeB2c(db, {
    originatorConversationId: request.originatorConversationId,
    success: status === STATUS_COMPLETED,
    resultCode: status === STATUS_COMPLETED ? '0' : `status-${status.toLowerCase()}`,
    resultDesc: `Transaction status query: ${status}`,
    receipt: typeof receipt === 'string' ? receipt : null,
    raw: body,
  });
}

/**
 * Asks M-Pesa about every B2C still pending after B2C_RESULT_PATIENCE_MS (its result lost
 * or timed out), at most once per that interval and MAX_STATUS_QUERIES times in all.
 */
export async function reconcilePendingB2c(
  db: Db,
  gateway: MpesaGateway,
  log: FastifyBaseLogger,
  options: { patienceMs?: number; now?: Date } = {},
): Promise<{ queried: number }> {
  const patienceMs = options.patienceMs ?? B2C_RESULT_PATIENCE_MS;
  const before = new Date((options.now ?? new Date()).getTime() - patienceMs);
  const waiting = await db
    .select({ id: mpesaRequests.id })
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, 'b2c'),
        eq(mpesaRequests.status, 'pending'),
        sql`${mpesaRequests.createdAt} <= ${before}`,
        sql`(${mpesaRequests.statusQueriedAt} is null or ${mpesaRequests.statusQueriedAt} <= ${before})`,
        sql`${mpesaRequests.statusQueries} < ${MAX_STATUS_QUERIES}`,
      ),
    )
    .orderBy(mpesaRequests.id)
    .limit(100);
  let queried = 0;
  for (const { id } of waiting) {
    if (await queryB2cStatus(db, gateway, id, log)) queried += 1;
  }
  return { queried };
}
