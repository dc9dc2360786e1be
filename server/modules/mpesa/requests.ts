/**
 * Outbound M-Pesa requests (docs/architecture.md §6): each STK push and B2C payment is recorded
 * before it is sent, with what the callbacks need to find it again, and every step of
 * its life is an event (its history on the admins' Payments needing a decision). What
 * both kinds share when an outcome comes (reading a callback, settling once, ending the
 * request) is here; what the money does then is each kind's own (stk.ts, b2c.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import { MAX_B2C_AMOUNT, MIN_B2C_AMOUNT } from '../../../src/domain/mpesa-payments';
import { centsToDecimal, centsToNumber, toCents, type Cents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Db, Tx } from '../../db/client';
import { mpesaRequestEvents, mpesaRequests } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

export type RequestRow = typeof mpesaRequests.$inferSelect;
type Purpose = RequestRow['purpose'];

/** What can happen to a request, in the words its history uses. */
export type RequestEventKind =
  | 'created'
  | 'sent'
  | 'send_failed'
  | 'resent'
  | 'never_sent'
  | 'timed_out'
  | 'status_queried'
  | 'status_result'
  | 'result'
  | 'amount_differs'
  | 'late_result'
  | 'send_unanswered'
  | 'matched_callback'
  | 'decided';

/** How a payment ended: from its callback, a status query, its send, or an administrator. */
export type PaymentOutcome = {
  success: boolean;
  resultCode: string;
  resultDesc: string;
  receipt?: string | null;
  /** What M-Pesa says was paid (STK Amount, B2C TransactionAmount, status query Amount). */
  reportedAmount?: Cents | null;
  raw: unknown;
  /** Where the outcome came from, for the request's history. */
  via?: 'callback' | 'status query' | 'send' | 'decision';
};

/** An outcome as a `result` (or `late_result`) event's detail. */
export function outcomeDetail(outcome: PaymentOutcome) {
  return {
    via: outcome.via ?? 'callback',
    success: outcome.success,
    resultCode: outcome.resultCode,
    resultDesc: outcome.resultDesc,
    receipt: outcome.receipt ?? null,
    amount:
      outcome.reportedAmount === undefined || outcome.reportedAmount === null
        ? null
        : centsToNumber(outcome.reportedAmount),
  };
}

/**
 * A payment's outcome settles its request once (docs/architecture.md §6), in one
 * transaction: `find` locks the request it names, `settle` settles it while it is pending.
 * A repeat, or a result after a status query or a person settled it, changes nothing and
 * is kept in the history (`late_result`).
 */
export async function settleOnce<O extends PaymentOutcome>(
  db: Db,
  result: O,
  find: (tx: Tx) => Promise<RequestRow | undefined>,
  settle: (tx: Tx, request: RequestRow, result: O) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await find(tx);
    if (!request) return;
    if (request.status !== 'pending') {
      if (result.raw) await recordEvent(tx, request.id, 'late_result', outcomeDetail(result));
      return;
    }
    await settle(tx, request, result);
  });
}

/** The request of a kind that `match` names, locked until the transaction ends. */
export async function lockRequest(
  tx: Tx,
  kind: 'stk' | 'b2c',
  match: SQL | undefined,
): Promise<RequestRow | undefined> {
  const [request] = await tx
    .select()
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.kind, kind), match))
    .for('update');
  return request;
}

/**
 * Ends a pending request (locked by the caller) the way `result` says, in the caller's
 * transaction, with its `result` event; `set` adds what one kind keeps besides. Answers
 * the amount asked and, for a success M-Pesa reported another amount for, that amount
 * (else null): what the caller's ledger follows.
 */
export async function recordOutcome(
  tx: Tx,
  request: RequestRow,
  result: PaymentOutcome,
  set: Partial<typeof mpesaRequests.$inferInsert> = {},
): Promise<{ requested: Cents; otherAmount: Cents | null }> {
  const requested = toCents(request.amount);
  const reported = result.success ? (result.reportedAmount ?? null) : null;
  const otherAmount = reported !== null && reported !== requested ? reported : null;
  await tx
    .update(mpesaRequests)
    .set({
      status: result.success ? 'succeeded' : 'failed',
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      receipt: result.receipt ?? null,
      rawResult: result.raw as object,
      completedAt: new Date(),
      ...(otherAmount !== null ? { reportedAmount: centsToDecimal(otherAmount) } : {}),
      ...set,
    })
    .where(eq(mpesaRequests.id, request.id));
  await recordEvent(tx, request.id, 'result', outcomeDetail(result));
  return { requested, otherAmount };
}

/**
 * Records one step of a request's history; called in the transaction of the change it
 * describes, so the history never tells of a step that did not commit.
 */
export async function recordEvent(
  tx: Tx,
  mpesaRequestId: number,
  kind: RequestEventKind,
  detail?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(mpesaRequestEvents).values({ mpesaRequestId, kind, detail: detail ?? null });
}

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
    lenderBusinessId: number | null;
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
  await recordEvent(tx, row!.id, 'created', {
    purpose: values.purpose,
    amount: centsToDecimal(values.amount),
  });
  return row!;
}

export type Item = { Name?: string; Key?: string; Value?: unknown };
/** A named value of a callback's item list (CallbackMetadata, ResultParameters). */
export const valueOf = (items: Item[] | undefined, name: string) =>
  items?.find((item) => item.Name === name || item.Key === name)?.Value;

/**
 * A result callback's outcome (an STK callback, a B2C result), read the same way for
 * both: ResultCode 0 is paid, the receipt and the amount as the callback names them.
 */
export function callbackOutcome(
  fields: Record<string, unknown>,
  receipt: unknown,
  amount: unknown,
  raw: unknown,
): PaymentOutcome {
  return {
    success: Number(fields.ResultCode) === 0,
    resultCode: String(fields.ResultCode),
    resultDesc: String(fields.ResultDesc ?? ''),
    receipt: typeof receipt === 'string' ? receipt : null,
    reportedAmount: amountOf(amount),
    raw,
  };
}

/** An amount M-Pesa reported (shillings, as a number or numeric text) in cents, if any. */
export function amountOf(value: unknown): Cents | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return toCents(typeof value === 'number' ? value : value.trim());
  } catch {
    return null;
  }
}
