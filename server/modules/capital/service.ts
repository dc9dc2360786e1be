/**
 * Capital reads and the withdrawal's debit: how an add-money prompt or
 * a withdrawal ended, a business's balance and its ledger, each for a user who may read it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import { decimalToNumber } from '../../../src/domain/money';
import {
  capitalPaymentPurposes,
  type CapitalPayment,
  type CapitalTransaction,
  type paymentSchema,
} from '../../../src/domain/capital';
import { moneyText } from '../../../src/i18n/money';
import type { Tx } from '../../db/client';
import { capitalTransactions, mpesaRequests } from '../../db/schema';
import { notFound, notFoundAs } from '../../lib/http-error';
import type { Wire } from '../../lib/validation';
import type { AuthUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import { createRequest } from '../mpesa/requests';
import { postCapital } from './ledger';

type PaymentBody = v.InferOutput<typeof paymentSchema>;

const isCapitalPurpose = (purpose: string): purpose is CapitalPayment['purpose'] =>
  (capitalPaymentPurposes as readonly string[]).includes(purpose);

/** An add-money prompt or a withdrawal of a business the user may read; else 404. */
export async function capitalPaymentFor(
  db: Tx,
  user: AuthUser,
  id: number,
): Promise<Wire<CapitalPayment>> {
  const [row] = await db
    .select()
    .from(mpesaRequests)
    .where(
      and(eq(mpesaRequests.id, id), inArray(mpesaRequests.purpose, [...capitalPaymentPurposes])),
    );
  // Another lender's payment is as unknown as a missing one.
  if (!row?.lenderBusinessId || !isCapitalPurpose(row.purpose))
    throw notFound(moneyText.paymentNotFound);
  await businessFor(db, user, row.lenderBusinessId).catch(notFoundAs(moneyText.paymentNotFound));
  return {
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    amount: decimalToNumber(row.amount),
    phoneNumber: row.phoneNumber,
    resultDesc: row.status === 'pending' ? null : row.resultDesc,
    receipt: row.receipt,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}

/** A business's ledger, newest first. */
export async function capitalLedger(
  db: Tx,
  business: { id: number; businessName: string },
): Promise<Wire<CapitalTransaction>[]> {
  const rows = await db
    .select()
    .from(capitalTransactions)
    .where(eq(capitalTransactions.lenderBusinessId, business.id))
    .orderBy(desc(capitalTransactions.id));
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    amount: decimalToNumber(row.amount),
    balance: decimalToNumber(row.balance),
    reference: row.reference,
    loanId: row.loanId,
    createdAt: row.createdAt,
    lenderBusiness: { id: business.id, businessName: business.businessName },
  }));
}

/** Records a withdrawal to M-Pesa and takes its amount (in cents) from the business's capital. */
export async function reserveWithdrawal(
  tx: Tx,
  user: AuthUser,
  input: PaymentBody,
  amount: number,
) {
  const business = await businessFor(tx, user, input.lenderBusinessId, {
    lenderOnly: true,
    usable: true,
  });
  const row = await createRequest(tx, {
    kind: 'b2c',
    purpose: 'withdrawal',
    lenderBusinessId: business.id,
    userId: user.id,
    phoneNumber: input.phoneNumber,
    amount,
  });
  await postCapital(tx, {
    lenderBusinessId: business.id,
    source: 'withdrawal',
    amount: -amount,
    reference: 'Withdrawal to M-Pesa',
    mpesaRequestId: row.id,
  });
  return row;
}
