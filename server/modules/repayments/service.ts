/**
 * Applying money to loans (docs/architecture.md §5): every repayment credits the loan's wallet
 * and the business's capital; what the loan owes is then paid from the wallet — fines
 * oldest first, then interest, then principal (Fineract's default order) — and what is
 * left is overpayment, refundable from the wallet.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { repayableLoanStatuses } from '../../../src/domain/loans';
import { centsToDecimal, toCents, type Cents } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import { fines, loanPayments, loans, walletRecords, writeOffs } from '../../db/schema';
import { failpoint } from '../../lib/failpoints';
import { postCapital } from '../capital/ledger';
import { noticePayment } from '../sms/notices';

type WalletSource = (typeof walletRecords.$inferInsert)['source'];

export async function walletTotal(tx: Tx, loanId: number): Promise<Cents> {
  const [last] = await tx
    .select({ total: walletRecords.total })
    .from(walletRecords)
    .where(eq(walletRecords.loanId, loanId))
    .orderBy(desc(walletRecords.id))
    .limit(1);
  return last ? toCents(last.total) : 0;
}

/** Adds a signed amount to the wallet; the caller holds the loan's row lock. */
export async function postWallet(
  tx: Tx,
  entry: { loanId: number; source: WalletSource; amount: Cents; mpesaRepaymentId?: number },
): Promise<Cents> {
  const total = (await walletTotal(tx, entry.loanId)) + entry.amount;
  if (total < 0) throw new Error(`wallet of loan ${entry.loanId} would go negative`);
  await tx.insert(walletRecords).values({
    loanId: entry.loanId,
    source: entry.source,
    amount: centsToDecimal(entry.amount),
    total: centsToDecimal(total),
    mpesaRepaymentId: entry.mpesaRepaymentId ?? null,
  });
  return total;
}

const repayableStatuses = new Set<string>(repayableLoanStatuses);

/**
 * Records a received repayment on a loan: capital and wallet credit, then settles what
 * the loan owes from the wallet. Runs inside the caller's transaction.
 */
export async function receiveRepayment(
  tx: Tx,
  options: { loanId: number; amount: Cents; mpesaRepaymentId: number; reference: string },
): Promise<void> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, options.loanId)).for('update');
  if (!loan) throw new Error(`loan ${options.loanId} not found`);
  await postCapital(tx, {
    lenderBusinessId: loan.lenderBusinessId,
    source: 'repayment',
    amount: options.amount,
    reference: options.reference,
    loanId: loan.id,
  });
  await postWallet(tx, {
    loanId: loan.id,
    source: 'repayment',
    amount: options.amount,
    mpesaRepaymentId: options.mpesaRepaymentId,
  });
  if (repayableStatuses.has(loan.status))
    await settleFromWallet(tx, loan, options.mpesaRepaymentId);
  // The receipt (and "repaid") goes in this transaction: with the money or not at all.
  await noticePayment(tx, {
    loanId: loan.id,
    amount: options.amount,
    mpesaRepaymentId: options.mpesaRepaymentId,
    wasRepaid: loan.status === 'repaid',
  });
  failpoint('repayment-before-commit');
}

/**
 * Pays what the loan owes from its wallet, in the order fines → interest → principal.
 * A written-off loan owes nothing on its books, but the borrower still owes what was
 * written off: a payment recovers it (up to that amount), split the same way, and is
 * recorded against the write-off; only what goes beyond it stays refundable.
 */
export async function settleFromWallet(
  tx: Tx,
  loan: typeof loans.$inferSelect,
  mpesaRepaymentId?: number,
) {
  const [writeOff] =
    loan.status === 'written_off'
      ? await tx.select().from(writeOffs).where(eq(writeOffs.loanId, loan.id)).for('update')
      : [];
  const outstanding = writeOff
    ? toCents(writeOff.amount) - toCents(writeOff.recoveredAmount)
    : toCents(loan.outstandingAmount);
  const available = await walletTotal(tx, loan.id);
  let remaining = Math.min(outstanding, available);
  if (remaining <= 0) return;
  const paying = remaining;

  let finePaid = 0;
  const unpaid = await tx
    .select()
    .from(fines)
    .where(and(eq(fines.loanId, loan.id), gt(fines.fineBalance, '0')))
    .orderBy(asc(fines.accruedOn), asc(fines.id));
  for (const fine of unpaid) {
    if (remaining <= 0) break;
    const pay = Math.min(remaining, toCents(fine.fineBalance));
    const balance = toCents(fine.fineBalance) - pay;
    await tx
      .update(fines)
      .set({
        fineBalance: centsToDecimal(balance),
        ...(balance === 0 ? { paymentDate: new Date() } : {}),
      })
      .where(eq(fines.id, fine.id));
    finePaid += pay;
    remaining -= pay;
  }

  const [paid] = await tx
    .select({
      interest: sql<string>`coalesce(sum(${loanPayments.interestAmount}), 0)::text`,
      principal: sql<string>`coalesce(sum(${loanPayments.principalAmount}), 0)::text`,
    })
    .from(loanPayments)
    .where(eq(loanPayments.loanId, loan.id));
  const interestDue = toCents(loan.interestAmount) - toCents(paid!.interest);
  const interestPaid = Math.min(remaining, Math.max(0, interestDue));
  remaining -= interestPaid;
  const principalDue = toCents(loan.principalAmount) - toCents(paid!.principal);
  const principalPaid = Math.min(remaining, Math.max(0, principalDue));
  remaining -= principalPaid;

  const applied = finePaid + interestPaid + principalPaid;
  await tx.insert(loanPayments).values({
    loanId: loan.id,
    lenderBusinessId: loan.lenderBusinessId,
    mpesaRepaymentId: mpesaRepaymentId ?? null,
    fineAmount: centsToDecimal(finePaid),
    interestAmount: centsToDecimal(interestPaid),
    principalAmount: centsToDecimal(principalPaid),
    total: centsToDecimal(applied),
  });
  await postWallet(tx, { loanId: loan.id, source: 'applied', amount: -applied });
  const left = outstanding - applied;
  if (writeOff) {
    // Written off stays written off (irreversible); the write-off records the recovery.
    await tx
      .update(writeOffs)
      .set({ recoveredAmount: centsToDecimal(toCents(writeOff.recoveredAmount) + applied) })
      .where(eq(writeOffs.id, writeOff.id));
    await tx.update(loans).set({ updatedAt: new Date() }).where(eq(loans.id, loan.id));
  } else {
    await tx
      .update(loans)
      .set({
        outstandingAmount: centsToDecimal(left),
        ...(left === 0 ? { status: 'repaid' as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id));
  }
  if (applied !== paying)
    throw new Error(`allocation mismatch on loan ${loan.id}: ${applied} ≠ ${paying}`);
}
