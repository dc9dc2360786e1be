/**
 * M-Pesa money flows (DESIGN.md §5–§6): requests are recorded before they are sent,
 * money is reserved (debited) before a B2C leaves, and every callback is stored and
 * applied once — a repeated CheckoutRequestID, ConversationID or TransID changes
 * nothing. A failed B2C reverses its debit. A B2C whose outcome is unknown (its result
 * timed out or never came) keeps its debit until a transaction status query says how
 * it ended (MPESA.md).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { normalizeCode } from '../../../src/domain/codes';
import { MAX_B2C_AMOUNT, MIN_B2C_AMOUNT } from '../../../src/domain/payments';
import { centsToDecimal, toCents, type Cents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Db, Tx } from '../../db/client';
import {
  lenderBusinesses,
  loans,
  mpesaRepaymentTransactions,
  mpesaRequests,
  mpesaStkCallbacks,
  refunds,
} from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { MpesaError, type MpesaGateway } from '../../mpesa/port';
import { postCapital } from '../capital/ledger';
import { postWallet, receiveRepayment } from '../repayments/service';
import type { FastifyBaseLogger } from 'fastify';

type RequestRow = typeof mpesaRequests.$inferSelect;
type Purpose = RequestRow['purpose'];

/** B2C amounts are whole shillings between M-Pesa's limits. */
export function b2cShillings(amount: Cents): number {
  const shillings = Math.floor(amount / 100);
  if (shillings < MIN_B2C_AMOUNT) throw badRequest(moneyText.belowMinimum);
  if (shillings > MAX_B2C_AMOUNT) throw badRequest(moneyText.aboveMaximum);
  return shillings;
}

export async function createRequest(
  tx: Tx,
  values: {
    kind: 'stk' | 'b2c';
    purpose: Purpose;
    lenderBusinessId: number;
    loanId?: number;
    userId: number;
    phoneNumber: string;
    amount: Cents;
  },
): Promise<RequestRow> {
  const [row] = await tx
    .insert(mpesaRequests)
    .values({
      kind: values.kind,
      purpose: values.purpose,
      lenderBusinessId: values.lenderBusinessId,
      loanId: values.loanId ?? null,
      initiatedByUserId: values.userId,
      phoneNumber: values.phoneNumber,
      amount: centsToDecimal(values.amount),
      originatorConversationId: values.kind === 'b2c' ? randomUUID() : null,
    })
    .returning();
  return row!;
}

/** Sends a recorded B2C request; if M-Pesa cannot be reached, fails it (reversing the debit). */
export async function sendB2c(
  db: Db,
  gateway: MpesaGateway,
  request: RequestRow,
  remarks: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const accepted = await gateway.b2c({
      originatorConversationId: request.originatorConversationId!,
      phoneNumber: request.phoneNumber,
      amount: Math.floor(toCents(request.amount) / 100),
      remarks,
    });
    await db
      .update(mpesaRequests)
      .set({ conversationId: accepted.conversationId })
      .where(and(eq(mpesaRequests.id, request.id), sql`${mpesaRequests.conversationId} is null`));
    return true;
  } catch (error) {
    if (error instanceof MpesaError && error.outcomeUnknown) {
      // It may have gone through: keep the debit and let a status query settle it.
      log.warn({ err: error, request: request.id }, 'B2C request unanswered; outcome unknown');
      await markB2cTimedOut(db, request.originatorConversationId!);
      return true;
    }
    log.error({ err: error, request: request.id }, 'B2C request could not be sent');
    await completeB2c(db, {
      originatorConversationId: request.originatorConversationId!,
      success: false,
      resultCode: 'send-failed',
      resultDesc: String(error),
      raw: null,
    });
    return false;
  }
}

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

type Item = { Name?: string; Key?: string; Value?: unknown };
/** A named value of a callback's item list (CallbackMetadata, ResultParameters). */
export const valueOf = (items: Item[] | undefined, name: string) =>
  items?.find((item) => item.Name === name || item.Key === name)?.Value;

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
    if (result.success) {
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

/** B2C result: settles a disbursement, withdrawal or refund once; a failure reverses it. */
export async function completeB2c(
  db: Db,
  result: {
    originatorConversationId: string;
    conversationId?: string;
    success: boolean;
    resultCode: string;
    resultDesc: string;
    receipt?: string | null;
    raw: unknown;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.kind, 'b2c'),
          result.conversationId
            ? or(
                eq(mpesaRequests.originatorConversationId, result.originatorConversationId),
                eq(mpesaRequests.conversationId, result.conversationId),
              )
            : eq(mpesaRequests.originatorConversationId, result.originatorConversationId),
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
        receipt: result.receipt ?? null,
        rawResult: result.raw as object,
        completedAt: new Date(),
        ...(result.conversationId ? { conversationId: result.conversationId } : {}),
      })
      .where(eq(mpesaRequests.id, request.id));
    const amount = toCents(request.amount);
    if (request.purpose === 'disbursement' && request.loanId) {
      await settleDisbursement(tx, request.loanId, result.success);
    }
    if (request.purpose === 'refund') {
      await settleRefund(tx, request, result.success);
    }
    if (!result.success) {
      await postCapital(tx, {
        lenderBusinessId: request.lenderBusinessId,
        source: 'reversal',
        amount,
        reference: `Reversal: ${result.resultDesc}`.slice(0, 200),
        mpesaRequestId: request.id,
        ...(request.loanId ? { loanId: request.loanId } : {}),
      });
    }
  });
}

const DAY_MS = 86_400_000;

async function settleDisbursement(tx: Tx, loanId: number, success: boolean) {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan || loan.status !== 'disbursing') return;
  if (success) {
    const now = new Date();
    await tx
      .update(loans)
      .set({
        status: 'active',
        disbursementDate: now,
        dueDate: new Date(now.getTime() + loan.durationInDays * DAY_MS),
        updatedAt: now,
      })
      .where(eq(loans.id, loanId));
  } else {
    await tx
      .update(loans)
      .set({ status: 'pending', approverUserId: null, updatedAt: new Date() })
      .where(eq(loans.id, loanId));
  }
}

async function settleRefund(tx: Tx, request: RequestRow, success: boolean) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.mpesaRequestId, request.id));
  if (!refund) return;
  await tx
    .update(refunds)
    .set({ status: success ? 'refunded' : 'failed' })
    .where(eq(refunds.id, refund.id));
  if (!success) {
    await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, refund.loanId)).for('update');
    await postWallet(tx, {
      loanId: refund.loanId,
      source: 'refund_reversal',
      amount: toCents(refund.amount),
    });
  }
}

/** Loans a paybill payment may be applied to directly. */
const payableStatuses = ['active', 'default', 'repaid', 'written_off'] as const;

/** C2B confirmation: stored once by TransID, applied to the loan whose code is the account number. */
export async function receiveC2b(
  db: Db,
  payment: {
    transId: string;
    billRefNumber: string;
    businessShortCode: string;
    msisdn: string | null;
    firstName: string | null;
    amount: Cents;
    transTime: string | null;
    raw: unknown;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const code = normalizeCode(payment.billRefNumber);
    const [loan] = await tx
      .select({ id: loans.id, lenderBusinessId: loans.lenderBusinessId, status: loans.status })
      .from(loans)
      .where(and(eq(loans.loanCode, code), inArray(loans.status, [...payableStatuses])));
    let lenderBusinessId = loan?.lenderBusinessId ?? null;
    if (!lenderBusinessId) {
      const [business] = await tx
        .select({ id: lenderBusinesses.id })
        .from(lenderBusinesses)
        .where(eq(lenderBusinesses.paybillNumber, payment.businessShortCode))
        .orderBy(lenderBusinesses.id)
        .limit(1);
      lenderBusinessId = business?.id ?? null;
    }
    const [stored] = await tx
      .insert(mpesaRepaymentTransactions)
      .values({
        transId: payment.transId,
        billRefNumber: payment.billRefNumber,
        businessShortCode: payment.businessShortCode,
        msisdn: payment.msisdn,
        firstName: payment.firstName,
        amount: centsToDecimal(payment.amount),
        transTime: payment.transTime,
        verified: Boolean(loan),
        lenderBusinessId,
        loanId: loan?.id ?? null,
        raw: payment.raw as object,
      })
      .onConflictDoNothing({ target: mpesaRepaymentTransactions.transId })
      .returning({ id: mpesaRepaymentTransactions.id });
    if (!stored || !loan) return;
    await receiveRepayment(tx, {
      loanId: loan.id,
      amount: payment.amount,
      mpesaRepaymentId: stored.id,
      reference: payment.transId,
    });
  });
}

/** Transaction statuses that settle a B2C whose result never came (MPESA.md). */
const STATUS_COMPLETED = 'Completed';
const STATUS_FAILED = new Set(['Failed', 'Cancelled', 'Declined', 'Expired']);

/** A B2C waits this long for its result before M-Pesa is asked how it ended. */
export const B2C_RESULT_PATIENCE_MS = 15 * 60_000;
/** After this many unanswered status queries a payment is left for a person to settle. */
export const MAX_STATUS_QUERIES = 10;

/**
 * A B2C whose result went to QueueTimeOutURL: M-Pesa may or may not have paid, so nothing
 * is reversed (MPESA.md); it stays pending, marked, until a status query settles it.
 * Answers the request's id when it is still pending.
 */
export async function markB2cTimedOut(
  db: Db,
  originatorConversationId: string,
): Promise<number | null> {
  const [row] = await db
    .update(mpesaRequests)
    .set({ timedOutAt: new Date() })
    .where(
      and(
        eq(mpesaRequests.kind, 'b2c'),
        eq(mpesaRequests.originatorConversationId, originatorConversationId),
        eq(mpesaRequests.status, 'pending'),
      ),
    )
    .returning({ id: mpesaRequests.id });
  return row?.id ?? null;
}

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
