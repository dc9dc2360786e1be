/**
 * Add money (DESIGN.md §6): an STK push on the lender's phone; the capital is credited
 * once, when M-Pesa's callback confirms it. Callbacks are stored before they are
 * applied, so one that arrives before its CheckoutRequestID was saved still counts.
 */
import { eq, and } from 'drizzle-orm';
import { toCents } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { mpesaRequests, mpesaStkCallbacks } from '../../db/schema';
import type { MpesaGateway } from '../../mpesa/port';
import { postCapital } from '../capital/ledger';
import { createRequest, valueOf, type Item, type RequestRow } from './requests';

export async function startStkPush(
  db: Db,
  gateway: MpesaGateway,
  options: {
    userId: number;
    lenderBusinessId: number;
    businessCode: string;
    phoneNumber: string;
    amount: number;
  },
): Promise<RequestRow> {
  const request = await db.transaction((tx) =>
    createRequest(tx, {
      kind: 'stk',
      purpose: 'deposit',
      lenderBusinessId: options.lenderBusinessId,
      userId: options.userId,
      phoneNumber: options.phoneNumber,
      amount: options.amount * 100,
    }),
  );
  try {
    const accepted = await gateway.stkPush({
      phoneNumber: options.phoneNumber,
      amount: options.amount,
      accountReference: `MKP-${options.businessCode}`.slice(0, 12),
      description: 'Capital',
    });
    await db
      .update(mpesaRequests)
      .set({
        merchantRequestId: accepted.merchantRequestId,
        checkoutRequestId: accepted.checkoutRequestId,
      })
      .where(eq(mpesaRequests.id, request.id));
    // M-Pesa may have answered before we saved the CheckoutRequestID: apply that answer now.
    const [early] = await db
      .select()
      .from(mpesaStkCallbacks)
      .where(eq(mpesaStkCallbacks.checkoutRequestId, accepted.checkoutRequestId));
    if (early) await applyStkCallback(db, early.raw);
    return { ...request, checkoutRequestId: accepted.checkoutRequestId };
  } catch (error) {
    await db
      .update(mpesaRequests)
      .set({
        status: 'failed',
        resultCode: 'send-failed',
        resultDesc: String(error),
        completedAt: new Date(),
      })
      .where(eq(mpesaRequests.id, request.id));
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
 * An STK callback as it arrives (MPESA.md): stored first, keyed by its CheckoutRequestID,
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
    checkoutRequestId: callback.CheckoutRequestID,
    success: Number(callback.ResultCode) === 0,
    resultCode: String(callback.ResultCode),
    resultDesc: String(callback.ResultDesc ?? ''),
    receipt: typeof receipt === 'string' ? receipt : null,
    raw: body,
  });
}

/** STK callback: credits capital once on success. Unknown or repeated callbacks change nothing. */
async function completeStk(
  db: Db,
  result: {
    checkoutRequestId: string;
    success: boolean;
    resultCode: string;
    resultDesc: string;
    receipt: string | null;
    raw: unknown;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.checkoutRequestId, result.checkoutRequestId),
          eq(mpesaRequests.kind, 'stk'),
        ),
      )
      .for('update');
    if (!request || request.status !== 'pending') return;
    await tx
      .update(mpesaRequests)
      .set({
        status: result.success ? 'succeeded' : 'failed',
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        receipt: result.receipt,
        rawResult: result.raw as object,
        completedAt: new Date(),
      })
      .where(eq(mpesaRequests.id, request.id));
    if (result.success && request.lenderBusinessId !== null) {
      await postCapital(tx, {
        lenderBusinessId: request.lenderBusinessId,
        source: 'mpesa_deposit',
        amount: toCents(request.amount),
        reference: result.receipt ?? request.checkoutRequestId ?? undefined,
        mpesaRequestId: request.id,
      });
    }
  });
}
