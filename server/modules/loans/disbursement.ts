/**
 * Disbursement and write-off (docs/architecture.md §5): approving a pending loan reserves its
 * disbursement amount from capital and sends it by B2C; the loan is active when M-Pesa
 * confirms, and back to pending (the debit reversed) if M-Pesa fails it. Two approvals
 * of one loan disburse once: the loan row lock and the status check see to it.
 */
import { eq } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Tx } from '../../db/client';
import { borrowers, loans, writeOffs } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import type { AuthUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import { postCapital } from '../capital/ledger';
import { b2cShillings, createRequest } from '../mpesa/requests';
import { loanFor } from './service';

export async function reserveDisbursement(
  db: Tx,
  user: AuthUser,
  loanId: number,
  lenderBusinessId: number,
) {
  await businessFor(db, user, lenderBusinessId, { lenderOnly: true, usable: true });
  return db.transaction(async (tx) => {
    const loan = await loanFor(tx, user, loanId, { lenderOnly: true });
    if (loan.lenderBusinessId !== lenderBusinessId) throw conflict(moneyText.loanOfOtherBusiness);
    if (loan.status !== 'pending') throw conflict(moneyText.loanNotPending(loan.status));
    const shillings = b2cShillings(toCents(loan.disbursementAmount));
    const amount = shillings * 100;
    const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, loan.borrowerId));
    const request = await createRequest(tx, {
      kind: 'b2c',
      purpose: 'disbursement',
      lenderBusinessId: loan.lenderBusinessId,
      loanId: loan.id,
      userId: user.id,
      phoneNumber: borrower!.phoneNumber,
      amount,
    });
    await postCapital(tx, {
      lenderBusinessId: loan.lenderBusinessId,
      source: 'disbursement',
      amount: -amount,
      reference: `Loan ${loan.loanCode}`,
      mpesaRequestId: request.id,
      loanId: loan.id,
    });
    await tx
      .update(loans)
      .set({
        status: 'disbursing',
        approverUserId: user.id,
        disbursementFailure: null,
        disbursementFailedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id));
    return { request, loanCode: loan.loanCode };
  });
}

/** Default → written off: the remaining balance is recorded as written off; irreversible. */
export async function writeOffLoan(db: Tx, user: AuthUser, loanId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const loan = await loanFor(tx, user, loanId, { lenderOnly: true });
    if (loan.status !== 'default') throw conflict(moneyText.writeOffOnlyDefault(loan.status));
    const amount = toCents(loan.outstandingAmount);
    await tx
      .insert(writeOffs)
      .values({ loanId: loan.id, amount: centsToDecimal(amount), byUserId: user.id });
    await tx
      .update(loans)
      .set({ status: 'written_off', outstandingAmount: '0', updatedAt: new Date() })
      .where(eq(loans.id, loan.id));
    return moneyText.writtenOff(formatKesText(amount));
  });
}
