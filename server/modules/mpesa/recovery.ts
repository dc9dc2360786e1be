/**
 * Every payment settles, crash or no crash (docs/architecture.md §6). A crash can leave a request
 * recorded (and a B2C's capital debited) that never reached M-Pesa. At start and in the
 * periodic sweep:
 * - a pending B2C with no ConversationID is sent again with its OriginatorConversationID
 *   (M-Pesa refuses a reused one, so it cannot be paid twice; see sendB2c for how a
 *   resend's failure is read);
 * - a pending STK push with no CheckoutRequestID never reached a phone: it is failed
 *   (nothing was credited, nothing moved).
 * Only requests older than a grace period are touched, so a send in flight on another
 * instance is left alone; at the start of the embedded database (one process by its lock
 * file) nothing can be in flight, so there is no grace.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { loans, mpesaRequests } from '../../db/schema';
import type { MpesaGateway } from '../../mpesa/port';
import { sendB2c } from './b2c';
import {
  B2C_RESULT_PATIENCE_MS,
  MAX_STATUS_QUERIES,
  queryB2cStatus,
  reconcilePendingB2c,
  reconcilePendingStk,
  STK_RESULT_PATIENCE_MS,
} from './reconciliation';
import { recordEvent, type RequestRow } from './requests';

/** Longer than any send may take (Daraja's requests time out after 30 s). */
export const RESEND_GRACE_MS = 2 * 60_000;

/**
 * Pending requests of a kind that never got M-Pesa's id for them (a B2C's ConversationID,
 * an STK push's CheckoutRequestID), older than the grace.
 */
function unsent(db: Db, kind: 'stk' | 'b2c', graceMs: number) {
  return db
    .select()
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, kind),
        eq(mpesaRequests.status, 'pending'),
        kind === 'b2c'
          ? and(isNull(mpesaRequests.conversationId), isNull(mpesaRequests.timedOutAt))
          : // An STK push that was handed to M-Pesa without an answer may have reached
            // the phone: it is not "never sent" (see escalateUnansweredStk).
            and(isNull(mpesaRequests.checkoutRequestId), eq(mpesaRequests.sendAttempts, 0)),
        sql`${mpesaRequests.createdAt} <= now() - ${graceMs} * interval '1 millisecond'`,
      ),
    )
    .orderBy(mpesaRequests.id)
    .limit(100);
}

/** The Remarks a B2C went out with, rebuilt for its resend. */
async function remarksFor(db: Db, request: RequestRow): Promise<string> {
  const [loan] = request.loanId
    ? await db.select({ code: loans.loanCode }).from(loans).where(eq(loans.id, request.loanId))
    : [];
  switch (request.purpose) {
    case 'disbursement':
      return `Loan ${loan?.code ?? request.id}`;
    case 'refund':
      return loan ? `Refund ${loan.code}` : 'Refund';
    case 'withdrawal':
      return 'Withdrawal';
    default:
      return 'Refund';
  }
}

/** Sends again each pending B2C that never got a ConversationID (nor a timeout mark). */
export async function resendUnsentB2c(
  db: Db,
  gateway: MpesaGateway,
  log: FastifyBaseLogger,
  options: { graceMs?: number } = {},
): Promise<{ resent: number }> {
  const requests = await unsent(db, 'b2c', options.graceMs ?? RESEND_GRACE_MS);
  let resent = 0;
  for (const request of requests) {
    log.warn(
      { request: request.id, sendAttempts: request.sendAttempts },
      'B2C debited but never sent (a crash?): sending it again',
    );
    await sendB2c(db, gateway, request, await remarksFor(db, request), log);
    resent += 1;
    if (request.sendAttempts === 0) continue;
    // A resend whose outcome is unknown (most often: refused as a reuse of the id, so the
    // first send did reach M-Pesa): the crash was a while ago, so ask at once.
    const [after] = await db
      .select({ status: mpesaRequests.status, timedOutAt: mpesaRequests.timedOutAt })
      .from(mpesaRequests)
      .where(eq(mpesaRequests.id, request.id));
    if (after?.status === 'pending' && after.timedOutAt) {
      await queryB2cStatus(db, gateway, request.id, log);
    }
  }
  return { resent };
}

/** Fails each pending STK push that never got a CheckoutRequestID: no prompt, no money. */
export async function failUnsentStk(
  db: Db,
  log: FastifyBaseLogger,
  options: { graceMs?: number } = {},
): Promise<{ failed: number }> {
  const requests = await unsent(db, 'stk', options.graceMs ?? RESEND_GRACE_MS);
  let failed = 0;
  for (const { id } of requests) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(mpesaRequests)
        .set({
          status: 'failed',
          resultCode: 'never-sent',
          resultDesc: 'The STK push was recorded but never reached M-Pesa; nothing was paid.',
          completedAt: new Date(),
        })
        .where(
          and(
            eq(mpesaRequests.id, id),
            eq(mpesaRequests.status, 'pending'),
            isNull(mpesaRequests.checkoutRequestId),
          ),
        )
        .returning({ id: mpesaRequests.id });
      if (row) await recordEvent(tx, id, 'never_sent', {});
      return Boolean(row);
    });
    if (done) {
      log.warn({ request: id }, 'STK push recorded but never sent (a crash?): failed');
      failed += 1;
    }
  }
  return { failed };
}

/** After this long an STK push M-Pesa never answered (and no callback matched) goes to a person. */
export const UNANSWERED_STK_PATIENCE_MS = 30 * 60_000;

/**
 * STK pushes whose send M-Pesa never answered, and whose callback never came to match
 * them: they cannot be asked about (no CheckoutRequestID), so they go straight to the
 * admins' Payments needing a decision (the automatic attempts count as used up).
 */
export async function escalateUnansweredStk(
  db: Db,
  log: FastifyBaseLogger,
  options: { patienceMs?: number } = {},
): Promise<number> {
  const rows = await db
    .update(mpesaRequests)
    .set({ statusQueries: MAX_STATUS_QUERIES })
    .where(
      and(
        eq(mpesaRequests.kind, 'stk'),
        eq(mpesaRequests.status, 'pending'),
        isNull(mpesaRequests.checkoutRequestId),
        sql`${mpesaRequests.sendAttempts} > 0`,
        sql`${mpesaRequests.statusQueries} < ${MAX_STATUS_QUERIES}`,
        sql`${mpesaRequests.createdAt} <= now() - ${options.patienceMs ?? UNANSWERED_STK_PATIENCE_MS} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: mpesaRequests.id });
  if (rows.length)
    log.warn({ requests: rows.map((r) => r.id) }, 'unanswered STK pushes need a decision');
  return rows.length;
}

export type SweepResult = {
  /** B2C payments sent again after a crash. */
  resent: number;
  /** STK pushes failed because they never reached M-Pesa. */
  neverSent: number;
  /** Transaction status queries sent about B2C payments. */
  queried: number;
  /** STK push queries asked. */
  stkQueried: number;
};

/**
 * The sweep: recovery first, then status queries about overdue STK pushes and B2C
 * payments. `olderThanMs` replaces every waiting time (an administrator's "now").
 */
export async function settlePendingPayments(
  db: Db,
  gateway: MpesaGateway,
  log: FastifyBaseLogger,
  options: { olderThanMs?: number } = {},
): Promise<SweepResult> {
  const wait = options.olderThanMs;
  const { resent } = await resendUnsentB2c(db, gateway, log, { graceMs: wait ?? RESEND_GRACE_MS });
  const { failed } = await failUnsentStk(db, log, { graceMs: wait ?? RESEND_GRACE_MS });
  await escalateUnansweredStk(db, log, { patienceMs: wait ?? UNANSWERED_STK_PATIENCE_MS });
  const stk = await reconcilePendingStk(db, gateway, log, {
    patienceMs: wait ?? STK_RESULT_PATIENCE_MS,
  });
  const b2c = await reconcilePendingB2c(db, gateway, log, {
    patienceMs: wait ?? B2C_RESULT_PATIENCE_MS,
  });
  return { resent, neverSent: failed, queried: b2c.queried, stkQueried: stk.queried };
}

/** The recovery at start: what a crash left unsent. */
export async function recoverUnsent(
  db: Db,
  gateway: MpesaGateway,
  log: FastifyBaseLogger,
  options: { graceMs: number },
): Promise<void> {
  const { resent } = await resendUnsentB2c(db, gateway, log, options);
  const { failed } = await failUnsentStk(db, log, options);
  if (resent || failed) log.info({ resent, neverSent: failed }, 'M-Pesa recovery at start');
}
