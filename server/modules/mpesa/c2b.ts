/**
 * Borrowers' paybill payments (docs/architecture.md §5–"Roles and permissions"): each C2B confirmation is stored once by
 * its TransID, then credited only where the money really is. The money sits in the
 * account of the shortcode it was paid to, so a payment is applied to a loan only when
 * that shortcode is the platform's or the loan's business's verified paybill; crediting
 * another business's capital would be a ledger lie.
 *
 * | paid to                      | account                     | goes to                      |
 * | ---------------------------- | --------------------------- | ---------------------------- |
 * | the platform's shortcode     | a loan code                 | that loan (applied)          |
 * | the platform's shortcode     | anything else               | Unassigned payments (admins) |
 * | business A's verified paybill| one of A's loan codes       | that loan (applied)          |
 * | business A's verified paybill| anything else               | A's Manual Match (unmatched) |
 * | an unverified paybill        | anything                    | Unassigned payments          |
 * | a shortcode nobody registered| anything                    | Unassigned payments          |
 *
 * An amount no single M-Pesa payment can carry (≤ 0, not a number, above 250,000) is kept
 * as an anomaly for administrators and never applied.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeCode } from '../../../src/domain/codes';
import { normalizePaybill } from '../../../src/domain/fields';
import { centsToDecimal, toCents, type Cents } from '../../../src/domain/money';
import { payableLoanStatuses } from '../../../src/domain/loans';
import { MAX_B2C_AMOUNT } from '../../../src/domain/mpesa-payments';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, loans, mpesaRepaymentTransactions } from '../../db/schema';
import { settlers } from './settlers';

/** The most one M-Pesa payment carries (the same limit as B2C, Daraja's API reference). */
const MAX_C2B_CENTS = MAX_B2C_AMOUNT * 100;

export type C2bAnomaly = 'amount_not_positive' | 'amount_unparseable' | 'amount_above_maximum';

/** An amount as M-Pesa sends it ("1100.00"), or what made it an anomaly. */
export function readC2bAmount(value: unknown): { amount: Cents; anomaly: C2bAnomaly | null } {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  // At most 12 integer digits: what numeric(14,2) stores (anything longer is no payment).
  if (!/^\s*-?\d{1,12}(\.\d{1,2})?\s*$/.test(text)) {
    return { amount: 0, anomaly: 'amount_unparseable' };
  }
  const amount = toCents(text.trim());
  if (amount <= 0) return { amount, anomaly: 'amount_not_positive' };
  if (amount > MAX_C2B_CENTS) return { amount, anomaly: 'amount_above_maximum' };
  return { amount, anomaly: null };
}

type Attribution = { lenderBusinessId: number | null; loanId: number | null };
const UNASSIGNED: Attribution = { lenderBusinessId: null, loanId: null };

/** Whose payment it is, by the table above. */
async function attribute(
  tx: Tx,
  platformShortCode: string,
  shortCode: string,
  billRefNumber: string,
): Promise<Attribution> {
  const code = normalizeCode(billRefNumber);
  const [loan] = code
    ? await tx
        .select({ id: loans.id, lenderBusinessId: loans.lenderBusinessId })
        .from(loans)
        .where(and(eq(loans.loanCode, code), inArray(loans.status, [...payableLoanStatuses])))
    : [];
  // Paybills are stored without leading zeros (normalizePaybill); M-Pesa's shortcode is read so too.
  const paybill = normalizePaybill(shortCode);
  if (paybill === normalizePaybill(platformShortCode)) {
    return loan ? { lenderBusinessId: loan.lenderBusinessId, loanId: loan.id } : UNASSIGNED;
  }
  const [owner] = await tx
    .select({ id: lenderBusinesses.id, verifiedAt: lenderBusinesses.paybillVerifiedAt })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.paybillNumber, paybill));
  if (!owner?.verifiedAt) return UNASSIGNED;
  return {
    lenderBusinessId: owner.id,
    loanId: loan && loan.lenderBusinessId === owner.id ? loan.id : null,
  };
}

/** C2B confirmation: stored once by TransID, applied where the table above says. */
export async function receiveC2b(
  db: Db,
  platformShortCode: string,
  payment: {
    transId: string;
    billRefNumber: string;
    businessShortCode: string;
    msisdn: string | null;
    firstName: string | null;
    amount: Cents;
    anomaly: C2bAnomaly | null;
    transTime: string | null;
    raw: unknown;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { lenderBusinessId, loanId } = payment.anomaly
      ? UNASSIGNED
      : await attribute(tx, platformShortCode, payment.businessShortCode, payment.billRefNumber);
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
        verified: loanId !== null,
        lenderBusinessId,
        loanId,
        anomaly: payment.anomaly,
        raw: payment.raw as object,
      })
      .onConflictDoNothing({ target: mpesaRepaymentTransactions.transId })
      .returning({ id: mpesaRepaymentTransactions.id });
    if (!stored || loanId === null) return;
    await settlers().repayment(tx, {
      loanId,
      amount: payment.amount,
      mpesaRepaymentId: stored.id,
      reference: payment.transId,
    });
  });
}
