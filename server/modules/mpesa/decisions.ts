/**
 * Payments needing a decision (docs/architecture.md §6): an M-Pesa payment still pending after
 * MAX_STATUS_QUERIES unanswered status queries is never left without a way to act. An
 * administrator checks it in M-Pesa and marks it paid (with the receipt) or failed
 * (reversed, as a failed result would be), with a reason; the decision is settled like
 * any result, recorded in the payment's history and in the audit log. The admins also
 * see the payments M-Pesa settled for another amount than was asked.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToNumber, decimalToNumber, toCents } from '../../../src/domain/money';
import type {
  AmountDifference,
  Decision,
  PaymentEvent,
  PaymentForDecision,
} from '../../../src/domain/mpesa-decisions';
import { decisionsText as t } from '../../../src/i18n/mpesa-decisions';
import { formatKesText } from '../../lib/money-text';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, loans, mpesaRequestEvents, mpesaRequests, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import {
  secondApprovalDetails,
  waitingApprovalsOf,
  type SecondApproval,
} from '../approvals/second-approval';
import { recordAudit } from '../audit/service';
import { settleB2c } from './b2c';
import { MAX_STATUS_QUERIES } from './reconciliation';
import { recordEvent, type RequestRow } from './requests';
import { settleStk } from './stk';

const LIST_LIMIT = 200;

/** Still pending once the automatic status queries have run out. */
const needsDecision = and(
  eq(mpesaRequests.status, 'pending'),
  gte(mpesaRequests.statusQueries, MAX_STATUS_QUERIES),
)!;

export function listNeedingDecision(db: Db): Promise<PaymentForDecision[]> {
  return listPayments(db, needsDecision, 'oldest');
}

export function listAmountDifferences(db: Db): Promise<PaymentForDecision[]> {
  return listPayments(db, isNotNull(mpesaRequests.reportedAmount), 'newest');
}

async function listPayments(
  db: Db,
  where: SQL,
  order: 'oldest' | 'newest',
): Promise<PaymentForDecision[]> {
  const initiator = alias(users, 'initiator');
  const decider = alias(users, 'decider');
  const rows = await db
    .select({
      request: mpesaRequests,
      businessName: lenderBusinesses.businessName,
      loanCode: loans.loanCode,
      initiatedBy: initiator.email,
      decidedBy: decider.email,
    })
    .from(mpesaRequests)
    .leftJoin(lenderBusinesses, eq(lenderBusinesses.id, mpesaRequests.lenderBusinessId))
    .leftJoin(loans, eq(loans.id, mpesaRequests.loanId))
    .leftJoin(initiator, eq(initiator.id, mpesaRequests.initiatedByUserId))
    .leftJoin(decider, eq(decider.id, mpesaRequests.decidedByUserId))
    .where(where)
    .orderBy(order === 'oldest' ? asc(mpesaRequests.id) : desc(mpesaRequests.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((row) => row.request.id);
  const events = ids.length
    ? await db
        .select()
        .from(mpesaRequestEvents)
        .where(inArray(mpesaRequestEvents.mpesaRequestId, ids))
        .orderBy(asc(mpesaRequestEvents.id))
    : [];
  const historyOf = new Map<number, PaymentEvent[]>();
  for (const event of events) {
    const history = historyOf.get(event.mpesaRequestId) ?? [];
    history.push({
      id: event.id,
      kind: event.kind,
      detail: (event.detail as Record<string, unknown> | null) ?? null,
      at: event.at.toISOString(),
    });
    historyOf.set(event.mpesaRequestId, history);
  }
  const approvals = await waitingApprovalsOf(db, 'mpesa_request', ids);
  return rows.map(({ request, businessName, loanCode, initiatedBy, decidedBy }) => {
    const history = historyOf.get(request.id) ?? [];
    const differs = history.findLast((event) => event.kind === 'amount_differs');
    return {
      id: request.id,
      kind: request.kind,
      purpose: request.purpose,
      status: request.status,
      amount: decimalToNumber(request.amount),
      reportedAmount:
        request.reportedAmount === null ? null : decimalToNumber(request.reportedAmount),
      phoneNumber: request.phoneNumber,
      business:
        request.lenderBusinessId !== null && businessName !== null
          ? { id: request.lenderBusinessId, businessName }
          : null,
      loan: request.loanId !== null && loanCode !== null ? { id: request.loanId, loanCode } : null,
      initiatedBy,
      originatorConversationId: request.originatorConversationId,
      conversationId: request.conversationId,
      checkoutRequestId: request.checkoutRequestId,
      receipt: request.receipt,
      resultCode: request.resultCode,
      resultDesc: request.resultDesc,
      sendAttempts: request.sendAttempts,
      statusQueries: request.statusQueries,
      createdAt: request.createdAt.toISOString(),
      sentAt: request.sentAt?.toISOString() ?? null,
      completedAt: request.completedAt?.toISOString() ?? null,
      decidedBy,
      decidedAt: request.decidedAt?.toISOString() ?? null,
      decisionReason: request.decisionReason,
      difference: differs?.detail ? (differs.detail as AmountDifference) : null,
      events: history,
      waitingApproval: approvals.get(request.id) ?? null,
    };
  });
}

/** The payment, locked, if an administrator may decide it now (404 or 409 otherwise). */
export async function paymentToDecide(tx: Tx, requestId: number): Promise<RequestRow> {
  const [request] = await tx
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.id, requestId))
    .for('update');
  if (!request) throw notFound(t.requestNotFound);
  if (request.status !== 'pending') throw conflict(t.alreadySettled(t.statusWords[request.status]));
  if (request.statusQueries < MAX_STATUS_QUERIES) throw conflict(t.stillSettling);
  return request;
}

/**
 * Settles a payment by an administrator's decision, in the caller's transaction: only
 * one still pending whose automatic status queries have run out (409 otherwise).
 */
export async function decidePayment(
  tx: Tx,
  actor: AuthUser,
  requestId: number,
  decision: Decision,
  approval?: SecondApproval,
): Promise<string> {
  const request = await paymentToDecide(tx, requestId);
  const paid = decision.outcome === 'paid';
  const outcome = {
    success: paid,
    resultCode: paid ? 'decided-paid' : 'decided-failed',
    resultDesc: `Decided by an administrator: ${decision.reason}`.slice(0, 1000),
    receipt: paid ? decision.receipt : null,
    raw: null,
    via: 'decision' as const,
  };
  if (request.kind === 'b2c') await settleB2c(tx, request, outcome);
  else await settleStk(tx, request, outcome);
  await tx
    .update(mpesaRequests)
    .set({ decidedByUserId: actor.id, decidedAt: new Date(), decisionReason: decision.reason })
    .where(eq(mpesaRequests.id, request.id));
  const details = {
    outcome: decision.outcome,
    receipt: outcome.receipt,
    reason: decision.reason,
    by: actor.email,
  };
  await recordEvent(tx, request.id, 'decided', details);
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: paid ? 'mpesa.decide_paid' : 'mpesa.decide_failed',
    subjectType: 'mpesa_request',
    subjectId: request.id,
    details: {
      ...details,
      kind: request.kind,
      purpose: request.purpose,
      amount: centsToNumber(toCents(request.amount)),
      ...secondApprovalDetails(actor, approval),
      // What the audit log shows as the subject.
      name: `M-Pesa ${request.kind.toUpperCase()} ${request.purpose} #${request.id} of ${formatKesText(toCents(request.amount))}`,
    },
  });
  return paid ? t.decidedPaid : t.decidedFailed;
}
