/**
 * The end of a payer refund (an unassigned payment sent back by B2C): M-Pesa's result
 * settles the payment — paid, it is refunded; failed, it shows "Refund failed" with M-Pesa's
 * reason in Unassigned payments, for the administrator to assign or refund once more. No capital ledger moves
 * either way: that money was never any business's. M-Pesa's settlement calls it (the app
 * registers it, server/modules/mpesa/settlers.ts) inside the transaction that records the
 * result, so it happens exactly once per result.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mpesaRepaymentTransactions, mpesaRequests } from '../../db/schema';
import { recordAudit } from '../audit/service';
import type { RequestRow } from '../mpesa/requests';

export async function settlePayerRefund(
  tx: Tx,
  request: RequestRow,
  success: boolean,
): Promise<void> {
  if (request.purpose !== 'payer_refund') return;
  const [payment] = await tx
    .select()
    .from(mpesaRepaymentTransactions)
    .where(eq(mpesaRepaymentTransactions.payerRefundRequestId, request.id))
    .for('update');
  if (!payment) return;
  // A failed refund stays linked: the row shows it failed and why until the payment is
  // refunded again or assigned (waitingPayment lets an administrator act on it).
  const [result] = await tx
    .select({ resultDesc: mpesaRequests.resultDesc, receipt: mpesaRequests.receipt })
    .from(mpesaRequests)
    .where(eq(mpesaRequests.id, request.id));
  await recordAudit(tx, {
    actorUserId: request.initiatedByUserId,
    action: success ? 'payment.payer_refunded' : 'payment.payer_refund_failed',
    subjectType: 'mpesa_repayment',
    subjectId: payment.id,
    details: {
      name: payment.transId,
      mpesaRequestId: request.id,
      phoneNumber: request.phoneNumber,
      ...(success ? { receipt: result?.receipt ?? null } : { reason: result?.resultDesc ?? '' }),
    },
  });
}
