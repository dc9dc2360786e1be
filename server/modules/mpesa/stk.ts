/**
 * Add money (docs/architecture.md §6): an STK push on the lender's phone; the capital is credited
 * once, when M-Pesa confirms it (its callback, or an STK push query when the callback
 * never comes), for the amount M-Pesa says was paid. Callbacks are stored before they
 * are applied, so one that arrives before its CheckoutRequestID was saved still counts.
 */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { centsToDecimal, centsToNumber, toCents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Db, Tx } from '../../db/client';
import { mpesaRequests, mpesaStkCallbacks } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { MpesaError, type MpesaGateway } from '../../mpesa/port';
import {
  callbackOutcome,
  createRequest,
  lockRequest,
  recordEvent,
  recordOutcome,
  settleOnce,
  valueOf,
  type Item,
  type PaymentOutcome,
  type RequestRow,
} from './requests';
import { settlers } from './settlers';

/** At most this many PIN prompts to one phone number per window: nobody floods a phone. */
export const STK_PER_PHONE = 3;
export const STK_PER_PHONE_WINDOW_MS = 2 * 60_000;

/**
 * Records an STK push to send (in the caller's transaction), refusing a phone number that
 * already had STK_PER_PHONE prompts in the last STK_PER_PHONE_WINDOW_MS.
 */
export async function recordStkPush(
  tx: Tx,
  options: { userId: number; lenderBusinessId: number; phoneNumber: string; amount: number },
): Promise<RequestRow> {
  // Serializes prompts to one number, so two racing requests cannot both pass the count.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stk:${options.phoneNumber}`}))`);
  const [recent] = await tx
    .select({ n: count() })
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, 'stk'),
        eq(mpesaRequests.phoneNumber, options.phoneNumber),
        gt(mpesaRequests.createdAt, new Date(Date.now() - STK_PER_PHONE_WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= STK_PER_PHONE) throw new HttpError(429, moneyText.tooManyPrompts);
  return createRequest(tx, {
    kind: 'stk',
    purpose: 'deposit',
    lenderBusinessId: options.lenderBusinessId,
    userId: options.userId,
    phoneNumber: options.phoneNumber,
    amount: options.amount * 100,
  });
}

/**
 * Sends a recorded STK push. If M-Pesa certainly did not take it, the request is failed
 * and this throws. If M-Pesa did not answer in time (the prompt may have reached the
 * phone), it stays pending without a CheckoutRequestID: its callback, should one come,
 * is matched by phone number and amount (applyStkCallback), and if none comes an
 * administrator settles it (Payments needing a decision).
 */
export async function sendStkPush(
  db: Db,
  gateway: MpesaGateway,
  request: RequestRow,
  businessCode: string,
): Promise<RequestRow> {
  try {
    const accepted = await gateway.stkPush({
      phoneNumber: request.phoneNumber,
      amount: Math.floor(toCents(request.amount) / 100),
      accountReference: `MKP-${businessCode}`.slice(0, 12),
      description: 'Capital',
    });
    await db.transaction(async (tx) => {
      await tx
        .update(mpesaRequests)
        .set({
          merchantRequestId: accepted.merchantRequestId,
          checkoutRequestId: accepted.checkoutRequestId,
          sendAttempts: 1,
          sentAt: new Date(),
        })
        .where(eq(mpesaRequests.id, request.id));
      await recordEvent(tx, request.id, 'sent', {
        checkoutRequestId: accepted.checkoutRequestId,
      });
    });
    // M-Pesa may have answered before we saved the CheckoutRequestID: apply that answer now.
    const [early] = await db
      .select()
      .from(mpesaStkCallbacks)
      .where(eq(mpesaStkCallbacks.checkoutRequestId, accepted.checkoutRequestId));
    if (early) await applyStkCallback(db, early.raw);
    return { ...request, checkoutRequestId: accepted.checkoutRequestId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof MpesaError && error.outcomeUnknown) {
      await db.transaction(async (tx) => {
        await tx
          .update(mpesaRequests)
          .set({ sendAttempts: 1 })
          .where(eq(mpesaRequests.id, request.id));
        await recordEvent(tx, request.id, 'send_unanswered', { reason });
      });
      return { ...request, sendAttempts: 1 };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(mpesaRequests)
        .set({
          status: 'failed',
          resultCode: 'send-failed',
          resultDesc: reason,
          completedAt: new Date(),
        })
        .where(and(eq(mpesaRequests.id, request.id), eq(mpesaRequests.status, 'pending')));
      await recordEvent(tx, request.id, 'send_failed', { reason });
    });
    throw error;
  }
}

type StkCallback = Record<string, unknown> & { CheckoutRequestID: string };

function stkCallbackOf(body: unknown): StkCallback | undefined {
  const callback = (body as { Body?: { stkCallback?: Record<string, unknown> } } | undefined)?.Body
    ?.stkCallback;
  const id = callback?.CheckoutRequestID;
  return callback && typeof id === 'string' ? { ...callback, CheckoutRequestID: id } : undefined;
}

/**
 * An STK callback as it arrives (Daraja's API reference): stored first, keyed by its CheckoutRequestID,
 * then applied. One whose request is not known yet waits in the store for it.
 */
export async function receiveStkCallback(db: Db, body: Record<string, unknown>): Promise<void> {
  const callback = stkCallbackOf(body);
  if (!callback) return;
  await db
    .insert(mpesaStkCallbacks)
    .values({ checkoutRequestId: callback.CheckoutRequestID, raw: body })
    .onConflictDoNothing();
  await applyStkCallback(db, body);
}

async function applyStkCallback(db: Db, body: unknown): Promise<void> {
  const callback = stkCallbackOf(body);
  if (!callback) return;
  const items = (callback.CallbackMetadata as { Item?: Item[] } | undefined)?.Item;
  const receipt = valueOf(items, 'MpesaReceiptNumber');
  await completeStk(db, {
    ...callbackOutcome(callback, receipt, valueOf(items, 'Amount'), body),
    checkoutRequestId: callback.CheckoutRequestID,
    phoneNumber: String(valueOf(items, 'PhoneNumber') ?? ''),
  });
}

/** How long after its push an unanswered STK request may still be matched by its callback. */
const UNANSWERED_MATCH_MS = 30 * 60_000;

/**
 * A paid STK callback whose CheckoutRequestID we never learned (the push timed out on
 * our side): the oldest pending push to that phone for that amount, sent without an
 * answer in the last 30 minutes, is the one that was paid. It takes the callback's
 * CheckoutRequestID (the event says so) and is answered as it was read.
 */
async function matchUnansweredPush(
  tx: Tx,
  result: { checkoutRequestId: string; phoneNumber?: string; reportedAmount?: number | null },
): Promise<RequestRow | undefined> {
  const phone = (result.phoneNumber ?? '').replace(/\D/g, '');
  if (!phone || result.reportedAmount == null) return undefined;
  const [request] = await tx
    .select()
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, 'stk'),
        eq(mpesaRequests.status, 'pending'),
        isNull(mpesaRequests.checkoutRequestId),
        eq(mpesaRequests.phoneNumber, phone),
        eq(mpesaRequests.amount, centsToDecimal(result.reportedAmount)),
        gt(mpesaRequests.sendAttempts, 0),
        gt(mpesaRequests.createdAt, new Date(Date.now() - UNANSWERED_MATCH_MS)),
      ),
    )
    .orderBy(mpesaRequests.id)
    .limit(1)
    .for('update');
  if (!request) return undefined;
  await tx
    .update(mpesaRequests)
    .set({ checkoutRequestId: result.checkoutRequestId })
    .where(eq(mpesaRequests.id, request.id));
  await recordEvent(tx, request.id, 'matched_callback', {
    checkoutRequestId: result.checkoutRequestId,
  });
  return request;
}

/** How an STK push ended, from its callback, a push query or an administrator. */
export type StkOutcome = PaymentOutcome;

/**
 * Settles the pending STK push of a CheckoutRequestID once; a repeat changes nothing. A
 * paid one whose CheckoutRequestID is not known is matched to an unanswered push.
 */
export async function completeStk(
  db: Db,
  result: StkOutcome & { checkoutRequestId: string; phoneNumber?: string },
): Promise<void> {
  await settleOnce(
    db,
    result,
    async (tx) =>
      (await lockRequest(
        tx,
        'stk',
        eq(mpesaRequests.checkoutRequestId, result.checkoutRequestId),
      )) ?? (result.success ? await matchUnansweredPush(tx, result) : undefined),
    settleStk,
  );
}

/**
 * Settles a pending STK push (locked by the caller) in the caller's transaction. A paid
 * one credits the amount M-Pesa reports; when that differs from the amount asked, the
 * difference is recorded for the admins. Without a reported amount (a push query, an
 * administrator's decision) the amount asked is credited: the payer cannot change the
 * amount of an STK prompt, only accept or refuse it.
 */
export async function settleStk(tx: Tx, request: RequestRow, result: StkOutcome): Promise<void> {
  const { requested, otherAmount } = await recordOutcome(tx, request, result);
  if (!result.success || request.lenderBusinessId === null) return;
  const credit = otherAmount ?? requested;
  if (credit > 0) {
    await settlers().capital(tx, {
      lenderBusinessId: request.lenderBusinessId,
      source: 'mpesa_deposit',
      amount: credit,
      reference: result.receipt ?? request.checkoutRequestId ?? undefined,
      mpesaRequestId: request.id,
    });
  }
  if (otherAmount !== null) {
    await recordEvent(tx, request.id, 'amount_differs', {
      requested: centsToNumber(requested),
      reported: centsToNumber(otherAmount),
      // As for a B2C: how the ledger differs from what the amount asked would have posted.
      posted: centsToNumber(Math.max(credit, 0) - requested),
      unposted: 0,
    });
  }
}
