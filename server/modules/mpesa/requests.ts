/**
 * Outbound M-Pesa requests (docs/architecture.md §6): each STK push and B2C payment is recorded
 * before it is sent, with what the callbacks need to find it again, and every step of
 * its life is an event (its history on the admins' Payments needing a decision).
 */
import { randomUUID } from 'node:crypto';
import { MAX_B2C_AMOUNT, MIN_B2C_AMOUNT } from '../../../src/domain/payments';
import { centsToDecimal, centsToNumber, toCents, type Cents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Tx } from '../../db/client';
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

/** An amount M-Pesa reported (shillings, as a number or numeric text) in cents, if any. */
export function amountOf(value: unknown): Cents | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return toCents(typeof value === 'number' ? value : value.trim());
  } catch {
    return null;
  }
}
