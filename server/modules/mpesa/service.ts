/**
 * M-Pesa money flows (DESIGN.md §5–§6): requests are recorded before they are sent,
 * money is reserved (debited) before a B2C leaves, and every callback is stored and
 * applied once — a repeated CheckoutRequestID, ConversationID or TransID changes
 * nothing. A failed B2C reverses its debit.
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
import type { MpesaGateway } from '../../mpesa/port';
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
