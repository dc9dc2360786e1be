/**
 * Money out by B2C (docs/architecture.md §5–"Roles and permissions"): disbursements, withdrawals and refunds. The
 * capital is debited before the request leaves; the result settles it once, and a
 * failure reverses the debit. A B2C whose outcome is unknown (a queue timeout, no
 * answer, a resend after a crash) keeps its debit until a transaction status query says
 * how it ended. M-Pesa may pay another amount than was asked: the result's amount is
 * what counts, and the ledger is corrected to what left the account.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { centsToNumber, toCents, type Cents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import { formatKesText } from '../../lib/money-text';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, loans, mpesaRequests, refunds } from '../../db/schema';
import { failpoint } from '../../lib/failpoints';
import { HttpError } from '../../lib/http-error';
import type { Outcome } from '../../plugins/idempotency';
import { MpesaError, type MpesaGateway } from '../../mpesa/port';
import { noticeDisbursed } from '../sms/notices';
import {
  callbackOutcome,
  lockRequest,
  recordEvent,
  recordOutcome,
  settleOnce,
  valueOf,
  type Item,
  type PaymentOutcome,
  type RequestRow,
} from './requests';
import { settlers, type CapitalSource } from './settlers';

/**
 * The end of a write route that debited money for a B2C: once the debit is committed, the
 * B2C leaves (not on a replay: the first call sent it). When M-Pesa certainly refused it
 * (the debit was reversed), the stored answer is forgotten, so a retry with the same
 * Idempotency-Key may try again, and the caller gets 502.
 */
export async function sendB2cAfterCommit<T>(
  db: Db,
  gateway: MpesaGateway,
  outcome: Outcome<T>,
  /** The B2C to send, or null when this answer sent none. */
  b2c: (value: T) => { request: RequestRow; remarks: string } | null,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!outcome.value) return;
  const send = b2c(outcome.value);
  if (!send) return;
  const { request, remarks } = send;
  if (await sendB2c(db, gateway, request, remarks, log)) return;
  await outcome.release();
  throw new HttpError(502, moneyText.mpesaUnavailable);
}

/** A resend that cannot even leave (no token, no connection) is tried this often, then queried. */
export const MAX_SEND_ATTEMPTS = 5;

/**
 * Hands a recorded B2C to M-Pesa: the first send from the route that debited it, or a
 * resend by the recovery after a crash left it without a ConversationID. Each attempt
 * claims the request first (send_attempts as it was read), so two senders never both
 * send one attempt; a resend reuses the OriginatorConversationID, which M-Pesa refuses
 * to pay twice.
 *
 * Answers false only when M-Pesa certainly did not take it on the first attempt: then it
 * is failed and its debit reversed. On a resend nothing but "this attempt never left"
 * proves the first send did not pay, so any other failure leaves the debit in place and
 * asks M-Pesa with a status query.
 */
export async function sendB2c(
  db: Db,
  gateway: MpesaGateway,
  request: RequestRow,
  remarks: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  failpoint('b2c-before-send');
  const [claimed] = await db
    .update(mpesaRequests)
    .set({ sendAttempts: sql`${mpesaRequests.sendAttempts} + 1` })
    .where(
      and(
        eq(mpesaRequests.id, request.id),
        eq(mpesaRequests.kind, 'b2c'),
        eq(mpesaRequests.status, 'pending'),
        eq(mpesaRequests.sendAttempts, request.sendAttempts),
        sql`${mpesaRequests.conversationId} is null`,
        sql`${mpesaRequests.timedOutAt} is null`,
      ),
    )
    .returning();
  // Settled, sent or being sent by someone else meanwhile: nothing for us to do.
  if (!claimed?.originatorConversationId) return true;
  const attempt = claimed.sendAttempts;
  const originatorConversationId = claimed.originatorConversationId;
  try {
    const accepted = await gateway.b2c({
      originatorConversationId,
      phoneNumber: claimed.phoneNumber,
      amount: Math.floor(toCents(claimed.amount) / 100),
      remarks,
    });
    failpoint('b2c-after-send');
    await db.transaction(async (tx) => {
      await tx
        .update(mpesaRequests)
        .set({ conversationId: accepted.conversationId, sentAt: new Date() })
        .where(and(eq(mpesaRequests.id, claimed.id), sql`${mpesaRequests.conversationId} is null`));
      await recordEvent(tx, claimed.id, attempt === 1 ? 'sent' : 'resent', {
        attempt,
        conversationId: accepted.conversationId,
      });
    });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const mpesaError = error instanceof MpesaError ? error : undefined;
    if (attempt === 1 && mpesaError && !mpesaError.outcomeUnknown) {
      // Refused (or never sent) the only time it was handed over: nothing was paid.
      log.error({ err: error, request: claimed.id }, 'B2C request could not be sent');
      await recordEvent(db, claimed.id, 'send_failed', { attempt, reason, outcome: 'refused' });
      await completeB2c(db, {
        originatorConversationId,
        success: false,
        resultCode: 'send-failed',
        resultDesc: reason,
        raw: null,
      });
      return false;
    }
    if (attempt > 1 && mpesaError?.notSent && attempt < MAX_SEND_ATTEMPTS) {
      // This attempt never left and says nothing about the first: try again later.
      log.warn(
        { err: error, request: claimed.id },
        'B2C resend could not leave; tried again later',
      );
      await recordEvent(db, claimed.id, 'send_failed', { attempt, reason, outcome: 'not_sent' });
      return true;
    }
    // It may have gone through (now or on an earlier attempt): keep the debit and ask.
    log.warn({ err: error, request: claimed.id }, 'B2C request unanswered; outcome unknown');
    await recordEvent(db, claimed.id, 'send_failed', { attempt, reason, outcome: 'unknown' });
    await markB2cTimedOut(db, originatorConversationId, { attempt, reason });
    return true;
  }
}

/** How a B2C ended, from its result callback, a status query, its send or an administrator. */
export type B2cOutcome = PaymentOutcome;

/** A B2C result callback as it arrives (Daraja's API reference): settles its request once. */
export async function receiveB2cResult(db: Db, body: Record<string, unknown>): Promise<void> {
  const result = body.Result as Record<string, unknown> | undefined;
  if (!result || typeof result.OriginatorConversationID !== 'string') return;
  const parameters = (result.ResultParameters as { ResultParameter?: Item[] } | undefined)
    ?.ResultParameter;
  const receipt = valueOf(parameters, 'TransactionReceipt') ?? result.TransactionID;
  await completeB2c(db, {
    ...callbackOutcome(result, receipt, valueOf(parameters, 'TransactionAmount'), body),
    originatorConversationId: result.OriginatorConversationID,
    ...(typeof result.ConversationID === 'string' ? { conversationId: result.ConversationID } : {}),
  });
}

/** B2C result: settles a disbursement, withdrawal or refund once; a failure reverses it. */
export async function completeB2c(
  db: Db,
  result: B2cOutcome & { originatorConversationId: string; conversationId?: string },
): Promise<void> {
  const byOriginator = eq(mpesaRequests.originatorConversationId, result.originatorConversationId);
  await settleOnce(
    db,
    result,
    (tx) =>
      lockRequest(
        tx,
        'b2c',
        result.conversationId
          ? or(byOriginator, eq(mpesaRequests.conversationId, result.conversationId))
          : byOriginator,
      ),
    settleB2c,
  );
}

/**
 * Settles a pending B2C (locked by the caller) in the caller's transaction: the loan or
 * refund it paid, the reversal of a failure, and any difference between the amount
 * debited and the amount M-Pesa paid.
 */
export async function settleB2c(
  tx: Tx,
  request: RequestRow,
  result: B2cOutcome & { conversationId?: string },
): Promise<void> {
  const { requested: amount, otherAmount } = await recordOutcome(
    tx,
    request,
    result,
    result.conversationId ? { conversationId: result.conversationId } : {},
  );
  if (request.purpose === 'disbursement' && request.loanId) {
    await settleDisbursement(tx, request, result);
  }
  if (request.purpose === 'refund') {
    await settleRefund(tx, request, result.success);
  }
  if (request.purpose === 'payer_refund') {
    await settlers().payerRefund(tx, request, result.success);
  }
  // A payer refund was never any business's capital: nothing to reverse there.
  if (!result.success && request.lenderBusinessId !== null) {
    await settlers().capital(tx, {
      lenderBusinessId: request.lenderBusinessId,
      source: 'reversal',
      amount,
      reference: `Reversal: ${result.resultDesc}`.slice(0, 200),
      mpesaRequestId: request.id,
      ...(request.loanId ? { loanId: request.loanId } : {}),
    });
  }
  if (otherAmount !== null) await postAmountDifference(tx, request, amount, otherAmount);
}

const debitSources: Partial<Record<RequestRow['purpose'], CapitalSource>> = {
  disbursement: 'disbursement',
  withdrawal: 'withdrawal',
  refund: 'refund',
};

/**
 * M-Pesa paid another amount than was debited: the capital ledger follows what left the
 * account. Paid less: the rest is credited back (and, for a refund, to the wallet too).
 * Paid more: the excess is debited as well, unless the capital cannot cover it; then it
 * is left for an administrator (the event says so and the admins' screen shows it).
 */
async function postAmountDifference(
  tx: Tx,
  request: RequestRow,
  requested: Cents,
  reported: Cents,
): Promise<void> {
  const difference = requested - reported;
  let posted: Cents = 0;
  const business = request.lenderBusinessId;
  if (business !== null && difference > 0) {
    await settlers().capital(tx, {
      lenderBusinessId: business,
      source: 'reversal',
      amount: difference,
      reference: `M-Pesa paid ${formatKesText(difference)} less than asked`,
      mpesaRequestId: request.id,
      ...(request.loanId ? { loanId: request.loanId } : {}),
    });
    posted = difference;
    if (request.purpose === 'refund' && request.loanId) {
      await tx
        .select({ id: loans.id })
        .from(loans)
        .where(eq(loans.id, request.loanId))
        .for('update');
      await settlers().wallet(tx, {
        loanId: request.loanId,
        source: 'refund_reversal',
        amount: difference,
      });
    }
  } else if (business !== null && difference < 0) {
    const [row] = await tx
      .select({ balance: lenderBusinesses.capitalBalance })
      .from(lenderBusinesses)
      .where(eq(lenderBusinesses.id, business))
      .for('update');
    const source = debitSources[request.purpose];
    if (row && source && toCents(row.balance) + difference >= 0) {
      await settlers().capital(tx, {
        lenderBusinessId: business,
        source,
        amount: difference,
        reference: `M-Pesa paid ${formatKesText(-difference)} more than asked`,
        mpesaRequestId: request.id,
        ...(request.loanId ? { loanId: request.loanId } : {}),
      });
      posted = difference;
    }
  }
  await recordEvent(tx, request.id, 'amount_differs', {
    requested: centsToNumber(requested),
    reported: centsToNumber(reported),
    // What the capital ledger was corrected by (+ credited back, − debited further)…
    posted: centsToNumber(posted),
    // …and what is left for an administrator to settle by hand.
    unposted: centsToNumber(difference - posted),
  });
}

const DAY_MS = 86_400_000;

/**
 * The loan a B2C paid out: active when it succeeded; back to pending when it failed, with
 * M-Pesa's reason kept on the loan for the lender (the debit is reversed by the caller).
 */
async function settleDisbursement(tx: Tx, request: RequestRow, result: B2cOutcome) {
  const loanId = request.loanId!;
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan || loan.status !== 'disbursing') return;
  const now = new Date();
  if (result.success) {
    await tx
      .update(loans)
      .set({
        status: 'active',
        disbursementDate: now,
        dueDate: new Date(now.getTime() + loan.durationInDays * DAY_MS),
        disbursementFailure: null,
        disbursementFailedAt: null,
        updatedAt: now,
      })
      .where(eq(loans.id, loanId));
    // The borrower's SMS, in this transaction: written only if the loan is paid out.
    await noticeDisbursed(tx, loanId);
  } else {
    await tx
      .update(loans)
      .set({
        status: 'pending',
        approverUserId: null,
        disbursementFailure: moneyText
          .disbursementFailedBecause(request.phoneNumber, result.resultDesc)
          .slice(0, 500),
        disbursementFailedAt: now,
        updatedAt: now,
      })
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
    await settlers().wallet(tx, {
      loanId: refund.loanId,
      source: 'refund_reversal',
      amount: toCents(refund.amount),
    });
  }
}

/**
 * A B2C whose result went to QueueTimeOutURL, or whose send ended without a clear
 * answer: M-Pesa may or may not have paid, so nothing is reversed (Daraja's API reference); it stays
 * pending, marked, until a status query settles it. Answers the request's id when it is
 * still pending.
 */
export async function markB2cTimedOut(
  db: Db,
  originatorConversationId: string,
  detail: Record<string, unknown> = {},
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    if (row) await recordEvent(tx, row.id, 'timed_out', detail);
    return row?.id ?? null;
  });
}
