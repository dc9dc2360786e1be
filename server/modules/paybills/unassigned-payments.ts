/**
 * Unassigned payments (docs/architecture.md §6): C2B payments no business can be credited with —
 * paid to a shortcode nobody registered, to a paybill not verified yet, or to the
 * platform's paybill with an account that is no loan code — and anomalies (an amount no
 * M-Pesa payment can carry). An administrator gives each waiting one to a business (it
 * then waits in that business's Manual Match) or sends it back to the payer by B2C.
 * Lenders never see them: they belong to no business.
 */
import { normalizePaybill } from '../../../src/domain/fields';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { decimalToNumber, toCents, type Cents } from '../../../src/domain/money';
import type { UnassignedState } from '../../../src/domain/paybills';
import { paybillsText, type UnassignedReason } from '../../../src/i18n/paybills';
import type { Tx } from '../../db/client';
import { lenderBusinesses, mpesaRepaymentTransactions, mpesaRequests } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import type { AuthUser } from '../../plugins/auth';
import {
  secondApprovalDetails,
  waitingApprovalsOf,
  type SecondApproval,
} from '../approvals/second-approval';
import { recordAudit } from '../audit/service';
import { businessFor } from '../businesses/access';
import { b2cShillings, createRequest, type RequestRow } from '../mpesa/requests';

/** Payments of no business and no loan, newest first, with why each is here. */
export async function listUnassignedPayments(tx: Tx, platformShortCode: string) {
  const rows = await tx
    .select({
      payment: mpesaRepaymentTransactions,
      reportedAmount: sql<string | null>`${mpesaRepaymentTransactions.raw} ->> 'TransAmount'`,
      refund: {
        status: mpesaRequests.status,
        phoneNumber: mpesaRequests.phoneNumber,
        receipt: mpesaRequests.receipt,
        resultDesc: mpesaRequests.resultDesc,
      },
      paybillBusiness: { id: lenderBusinesses.id, businessName: lenderBusinesses.businessName },
    })
    .from(mpesaRepaymentTransactions)
    .leftJoin(mpesaRequests, eq(mpesaRequests.id, mpesaRepaymentTransactions.payerRefundRequestId))
    .leftJoin(
      lenderBusinesses,
      eq(lenderBusinesses.paybillNumber, mpesaRepaymentTransactions.businessShortCode),
    )
    .where(
      and(
        isNull(mpesaRepaymentTransactions.lenderBusinessId),
        isNull(mpesaRepaymentTransactions.loanId),
      ),
    )
    .orderBy(desc(mpesaRepaymentTransactions.id));
  const approvals = await waitingApprovalsOf(
    tx,
    'mpesa_repayment',
    rows.map((row) => row.payment.id),
  );
  return rows.map(({ payment, reportedAmount, refund, paybillBusiness }) => {
    const platform = payment.businessShortCode === normalizePaybill(platformShortCode);
    const state: UnassignedState = payment.anomaly
      ? 'anomaly'
      : refund?.status === 'pending'
        ? 'refunding'
        : refund?.status === 'succeeded'
          ? 'refunded'
          : refund?.status === 'failed'
            ? 'refund_failed'
            : 'unassigned';
    const reason = (payment.anomaly ??
      (platform
        ? 'unknown_account'
        : paybillBusiness
          ? 'unverified_paybill'
          : 'unknown_shortcode')) as UnassignedReason;
    return {
      id: payment.id,
      transId: payment.transId,
      amount: decimalToNumber(payment.amount),
      reportedAmount: payment.anomaly ? reportedAmount : null,
      billRefNumber: payment.billRefNumber,
      businessShortCode: payment.businessShortCode,
      platformPaybill: platform,
      paybillBusiness: platform ? null : paybillBusiness,
      msisdn: payment.msisdn,
      firstName: payment.firstName,
      transTime: payment.transTime,
      createdAt: payment.createdAt,
      state,
      reason,
      refund: refund && state !== 'unassigned' ? refund : null,
      waitingApproval: approvals.get(payment.id) ?? null,
    };
  });
}

type PaymentRow = typeof mpesaRepaymentTransactions.$inferSelect;

/**
 * The payment, locked, if an administrator may still act on it: of no business, not
 * applied, not an anomaly, and not refunded or being refunded.
 */
export async function waitingPayment(tx: Tx, paymentId: number): Promise<PaymentRow> {
  const [payment] = await tx
    .select()
    .from(mpesaRepaymentTransactions)
    .where(eq(mpesaRepaymentTransactions.id, paymentId))
    .for('update');
  if (!payment) throw notFound(paybillsText.paymentNotFound);
  if (payment.anomaly) throw conflict(paybillsText.anomalyNoAction);
  if (payment.lenderBusinessId !== null || payment.loanId !== null)
    throw conflict(paybillsText.notUnassigned);
  if (payment.payerRefundRequestId !== null) {
    const [refund] = await tx
      .select({ status: mpesaRequests.status })
      .from(mpesaRequests)
      .where(eq(mpesaRequests.id, payment.payerRefundRequestId));
    // A refund that failed left the payment waiting again.
    if (refund?.status !== 'failed') throw conflict(paybillsText.notUnassigned);
  }
  return payment;
}

/** Gives a waiting payment to a business: it then waits in that business's Manual Match. */
export async function assignPayment(
  tx: Tx,
  admin: AuthUser,
  options: { paymentId: number; lenderBusinessId: number },
  approval?: SecondApproval,
): Promise<string> {
  const payment = await waitingPayment(tx, options.paymentId);
  const business = await businessFor(tx, admin, options.lenderBusinessId, { usable: true });
  const now = new Date();
  await tx
    .update(mpesaRepaymentTransactions)
    .set({
      lenderBusinessId: business.id,
      assignedByUserId: admin.id,
      assignedAt: now,
      payerRefundRequestId: null,
    })
    .where(eq(mpesaRepaymentTransactions.id, payment.id));
  await recordAudit(tx, {
    actorUserId: admin.id,
    action: 'payment.assign',
    subjectType: 'mpesa_repayment',
    subjectId: payment.id,
    details: {
      name: payment.transId,
      amount: formatKesText(toCents(payment.amount)),
      lenderBusinessId: business.id,
      businessName: business.businessName,
      ...secondApprovalDetails(admin, approval),
    },
  });
  return business.businessName;
}

/** What a B2C can send back of the payment: whole shillings, within M-Pesa's limits (400 otherwise). */
export function refundableAmount(payment: { amount: string }): Cents {
  const amount = toCents(payment.amount);
  b2cShillings(amount);
  if (amount % 100 !== 0) throw badRequest(paybillsText.notWholeShillings);
  return amount;
}

/**
 * Records the B2C that sends a waiting payment back to its payer (purpose payer_refund,
 * no business: that money was never any business's capital, so no ledger moves). The
 * caller sends it after commit; its result settles the payment (settlePayerRefund).
 */
export async function startPayerRefund(
  tx: Tx,
  admin: AuthUser,
  options: { paymentId: number; phoneNumber: string },
  approval?: SecondApproval,
): Promise<{ request: RequestRow; transId: string }> {
  const payment = await waitingPayment(tx, options.paymentId);
  const amount = refundableAmount(payment);
  const request = await createRequest(tx, {
    kind: 'b2c',
    purpose: 'payer_refund',
    lenderBusinessId: null,
    userId: admin.id,
    phoneNumber: options.phoneNumber,
    amount,
  });
  await tx
    .update(mpesaRepaymentTransactions)
    .set({ payerRefundRequestId: request.id })
    .where(eq(mpesaRepaymentTransactions.id, payment.id));
  await recordAudit(tx, {
    actorUserId: admin.id,
    action: 'payment.refund_to_payer',
    subjectType: 'mpesa_repayment',
    subjectId: payment.id,
    details: {
      name: payment.transId,
      amount: formatKesText(amount),
      phoneNumber: options.phoneNumber,
      mpesaRequestId: request.id,
      ...secondApprovalDetails(admin, approval),
    },
  });
  return { request, transId: payment.transId };
}
