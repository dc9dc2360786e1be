/**
 * Money out by B2C (DESIGN.md §5–§6): disbursements, withdrawals and refunds. The
 * capital is debited before the request leaves; the result settles it once, and a
 * failure reverses the debit. A B2C whose outcome is unknown (a queue timeout, no
 * answer) keeps its debit until a transaction status query says how it ended.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toCents } from '../../../src/domain/money';
import type { Db, Tx } from '../../db/client';
import { loans, mpesaRequests, refunds } from '../../db/schema';
import { MpesaError, type MpesaGateway } from '../../mpesa/port';
import { postCapital } from '../capital/ledger';
import { settlePayerRefund } from '../paybills/payer-refunds';
import { postWallet } from '../repayments/service';
import type { RequestRow } from './requests';

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
    await settlePayerRefund(tx, request, result.success);
    // A payer refund was never any business's capital: nothing to reverse there.
    if (!result.success && request.lenderBusinessId !== null) {
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
