/**
 * Borrowers' paybill payments (DESIGN.md §5): each C2B confirmation is stored once by
 * its TransID and applied to the loan whose code is the account number.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeCode } from '../../../src/domain/codes';
import { centsToDecimal, type Cents } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { lenderBusinesses, loans, mpesaRepaymentTransactions } from '../../db/schema';
import { receiveRepayment } from '../repayments/service';

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
