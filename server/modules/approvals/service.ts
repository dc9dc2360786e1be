/**
 * Two administrators for the riskiest acts (maker-checker, as Apache Fineract's): settling a
 * stuck M-Pesa payment paid or failed, and assigning or refunding an unassigned payment.
 * At or above the threshold the super admin sets (settings.ts), the act is not done: it
 * becomes a proposal. Another administrator approves it — the act then runs, with the
 * checks it always has, in the approver's transaction, exactly once — or rejects it. The
 * proposer cannot approve. Every step is audit-logged with both names.
 */
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Approval, ApprovalAction, ApprovalSubject } from '../../../src/domain/approvals';
import { decimalToNumber, toCents, type Cents } from '../../../src/domain/money';
import type { Decision } from '../../../src/domain/mpesa-decisions';
import { approvalActions, approvalsText as t } from '../../../src/i18n/approvals';
import { decisionsText } from '../../../src/i18n/mpesa-decisions';
import { paybillsText } from '../../../src/i18n/paybills';
import type { Tx } from '../../db/client';
import { adminApprovals, users } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound, writtenRow } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { decidePayment } from '../mpesa/decisions';
import type { RequestRow } from '../mpesa/requests';
import { assignPayment, startPayerRefund } from '../paybills/unassigned-payments';
import { secondApprovalThreshold } from './settings';

/** What each act needs to run later. */
type Payloads = {
  'mpesa.decide_paid': Decision;
  'mpesa.decide_failed': Decision;
  'payment.assign': { lenderBusinessId: number; businessName: string };
  'payment.refund_to_payer': { phoneNumber: string };
};

export type Proposal = {
  [A in ApprovalAction]: {
    action: A;
    subjectType: ApprovalSubject;
    subjectId: number;
    amount: Cents;
    payload: Payloads[A];
    /** The payment in a few words, for the audit log and the Approvals list. */
    subject: string;
  };
}[ApprovalAction];

/**
 * The gate every risky act passes first (after its own checks): answers null when one
 * administrator may do it now, or the sentence saying it now waits for a second one
 * (the proposal recorded). An act already waiting on the same payment blocks both.
 */
export async function proposeIfAtThreshold(
  tx: Tx,
  actor: AuthUser,
  proposal: Proposal,
): Promise<string | null> {
  const [waiting] = await tx
    .select({ id: adminApprovals.id })
    .from(adminApprovals)
    .where(pendingOn(proposal.subjectType, proposal.subjectId));
  if (waiting) throw conflict(t.alreadyWaiting);
  const threshold = await secondApprovalThreshold(tx);
  if (threshold === null || proposal.amount < threshold) return null;
  const [row] = await tx
    .insert(adminApprovals)
    .values({
      action: proposal.action,
      subjectType: proposal.subjectType,
      subjectId: proposal.subjectId,
      amount: (proposal.amount / 100).toFixed(2),
      payload: { ...proposal.payload, subject: proposal.subject },
      proposedByUserId: actor.id,
    })
    // Two proposals racing on one payment: the partial unique index keeps one.
    .onConflictDoNothing()
    .returning({ id: adminApprovals.id });
  if (!row) throw conflict(t.alreadyWaiting);
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: 'approval.propose',
    subjectType: 'admin_approval',
    subjectId: row.id,
    details: {
      name: `${approvalActions[proposal.action]}: ${proposal.subject}`,
      act: proposal.action,
      amount: formatKesText(proposal.amount),
      threshold: formatKesText(threshold),
      proposedBy: actor.email,
      [proposal.subjectType === 'mpesa_request' ? 'mpesaRequestId' : 'paymentId']:
        proposal.subjectId,
      ...describePayload(proposal.payload),
    },
  });
  return t.proposed(formatKesText(threshold));
}

function pendingOn(subjectType: ApprovalSubject, subjectId: number) {
  return and(
    eq(adminApprovals.subjectType, subjectType),
    eq(adminApprovals.subjectId, subjectId),
    eq(adminApprovals.status, 'pending'),
  );
}

/** The payload's fields worth showing (never the whole JSON). */
function describePayload(payload: Record<string, unknown>) {
  const shown: Record<string, unknown> = {};
  for (const key of ['outcome', 'receipt', 'reason', 'businessName', 'phoneNumber']) {
    if (payload[key] !== undefined && payload[key] !== '') shown[key] = payload[key];
  }
  return shown;
}

/** The proposals still waiting, oldest first. */
export async function listWaiting(tx: Tx, viewer: AuthUser): Promise<Approval[]> {
  const proposer = alias(users, 'proposer');
  const rows = await tx
    .select({ approval: adminApprovals, proposedBy: proposer.email })
    .from(adminApprovals)
    .leftJoin(proposer, eq(proposer.id, adminApprovals.proposedByUserId))
    .where(eq(adminApprovals.status, 'pending'))
    .orderBy(asc(adminApprovals.id))
    .limit(500);
  return rows.map(({ approval, proposedBy }) => {
    const payload = approval.payload as Record<string, unknown>;
    const text = (key: string) =>
      typeof payload[key] === 'string' && payload[key] !== '' ? (payload[key] as string) : null;
    return {
      id: approval.id,
      action: approval.action,
      subjectType: approval.subjectType,
      subjectId: approval.subjectId,
      subject: text('subject') ?? `#${approval.subjectId}`,
      amount: decimalToNumber(approval.amount),
      reason: text('reason'),
      receipt: text('receipt'),
      businessName: text('businessName'),
      phoneNumber: text('phoneNumber'),
      status: approval.status,
      proposedBy,
      proposedAt: approval.proposedAt.toISOString(),
      mine: approval.proposedByUserId === viewer.id,
    };
  });
}

type ApprovalRow = typeof adminApprovals.$inferSelect;

/** The proposal, locked: the second of two racing approvals waits here, then finds it done. */
async function waitingApproval(tx: Tx, approvalId: number) {
  const [row] = await tx
    .select()
    .from(adminApprovals)
    .where(eq(adminApprovals.id, approvalId))
    .for('update');
  if (!row) throw notFound(t.notFound);
  if (row.status !== 'pending') throw conflict(t.notWaiting(t.statusWords[row.status]));
  const [proposer] = row.proposedByUserId
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, row.proposedByUserId))
    : [];
  return { row, proposedBy: proposer?.email ?? null };
}

/** What an approval did: the act's sentence, and a payer refund to send after commit. */
export type Approved =
  | { done: true; message: string; refund?: { request: RequestRow; transId: string } }
  | { done: false; refusal: HttpError };

/**
 * A second administrator approves: the act runs now, in a savepoint, with every check it
 * has. When the payment changed meanwhile and the act is refused, the refusal is kept: the
 * proposal is closed as refused with the reason (committed), and the caller answers it.
 */
export async function approve(tx: Tx, approver: AuthUser, approvalId: number): Promise<Approved> {
  const { row, proposedBy } = await waitingApproval(tx, approvalId);
  if (row.proposedByUserId === approver.id) throw forbidden(t.ownProposal);
  const approval = { approvalId: row.id, proposedBy };
  let outcome: { message: string; refund?: { request: RequestRow; transId: string } };
  try {
    outcome = await tx.transaction((sp) => runAct(sp, approver, row, approval));
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await close(tx, approver, row, 'refused', error.message, proposedBy);
    return { done: false, refusal: conflict(t.refusedStale(error.message)) };
  }
  await close(tx, approver, row, 'approved', null, proposedBy);
  return { done: true, ...outcome, message: t.approved(outcome.message) };
}

async function runAct(
  tx: Tx,
  actor: AuthUser,
  row: ApprovalRow,
  approval: { approvalId: number; proposedBy: string | null },
): Promise<{ message: string; refund?: { request: RequestRow; transId: string } }> {
  switch (row.action) {
    case 'mpesa.decide_paid':
    case 'mpesa.decide_failed': {
      const decision = row.payload as Decision;
      return { message: await decidePayment(tx, actor, row.subjectId, decision, approval) };
    }
    case 'payment.assign': {
      const { lenderBusinessId } = row.payload as Payloads['payment.assign'];
      const name = await assignPayment(
        tx,
        actor,
        { paymentId: row.subjectId, lenderBusinessId },
        approval,
      );
      return { message: paybillsText.assigned(name) };
    }
    case 'payment.refund_to_payer': {
      const { phoneNumber } = row.payload as Payloads['payment.refund_to_payer'];
      const refund = await startPayerRefund(
        tx,
        actor,
        { paymentId: row.subjectId, phoneNumber },
        approval,
      );
      return { message: paybillsText.refundSent, refund };
    }
  }
}

/** A second administrator (or the proposer, withdrawing) rejects: nothing is done. */
export async function reject(
  tx: Tx,
  actor: AuthUser,
  approvalId: number,
  reason: string,
): Promise<string> {
  const { row, proposedBy } = await waitingApproval(tx, approvalId);
  await close(tx, actor, row, 'rejected', reason, proposedBy);
  return row.proposedByUserId === actor.id ? t.withdrawn : t.rejected;
}

async function close(
  tx: Tx,
  actor: AuthUser,
  row: ApprovalRow,
  status: 'approved' | 'rejected' | 'refused',
  note: string | null,
  proposedBy: string | null,
) {
  const [closed] = await tx
    .update(adminApprovals)
    .set({ status, decidedByUserId: actor.id, decidedAt: new Date(), note })
    .where(eq(adminApprovals.id, row.id))
    .returning({ id: adminApprovals.id });
  writtenRow(closed, 'The approval');
  const payload = row.payload as Record<string, unknown>;
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: `approval.${status === 'approved' ? 'approve' : status === 'rejected' ? 'reject' : 'refuse'}`,
    subjectType: 'admin_approval',
    subjectId: row.id,
    details: {
      name: `${approvalActions[row.action]}: ${String(payload.subject ?? `#${row.subjectId}`)}`,
      act: row.action,
      amount: formatKesText(toCents(row.amount)),
      proposedBy,
      [status === 'approved' ? 'approvedBy' : status === 'rejected' ? 'rejectedBy' : 'refusedFor']:
        actor.email,
      ...(note ? { reason: note } : {}),
    },
  });
}

/** The proposal of a decision about a stuck payment (locked and checked by paymentToDecide). */
export function decisionProposal(request: RequestRow, decision: Decision): Proposal {
  const purpose = decisionsText.purposes[request.purpose] ?? request.purpose;
  return {
    action: decision.outcome === 'paid' ? 'mpesa.decide_paid' : 'mpesa.decide_failed',
    subjectType: 'mpesa_request',
    subjectId: request.id,
    amount: toCents(request.amount),
    payload: decision,
    subject: `${purpose} ${decisionsText.reference(request.id)} to ${request.phoneNumber}`,
  };
}

/** The proposal of an act on an unassigned payment (locked and checked by waitingPayment). */
export function unassignedProposal<A extends 'payment.assign' | 'payment.refund_to_payer'>(
  payment: { id: number; transId: string; amount: string },
  action: A,
  payload: Payloads[A],
): Proposal {
  return {
    action,
    subjectType: 'mpesa_repayment',
    subjectId: payment.id,
    amount: toCents(payment.amount),
    payload,
    subject: payment.transId,
  } as Proposal;
}
