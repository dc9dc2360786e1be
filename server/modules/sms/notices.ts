/**
 * The notices a borrower gets by SMS (the README's "Money and M-Pesa"), written to the outbox
 * (sms_messages) in the transaction of the event that causes them: a disbursement that M-Pesa
 * confirmed, a repayment applied, the daily job's reminders and overdue notice. A rollback takes
 * the notice with the money; a commit keeps both, and the dispatcher sends it afterwards. Each
 * notice has a key that makes it once-only whoever writes it, however often. Only the borrower's
 * own number is ever used.
 */
import { desc, eq } from 'drizzle-orm';
import { toCents, type Cents } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import { borrowers, lenderBusinesses, loans, smsMessages, writeOffs } from '../../db/schema';

export type SmsKind = (typeof smsMessages.$inferInsert)['kind'];

/** Figures of each kind of notice, in cents and ISO times, captured at the event. */
export type NoticeParams = {
  disbursed: {
    loanCode: string;
    businessName: string;
    principal: Cents;
    disbursed: Cents;
    total: Cents;
    fee: Cents;
    interest: Cents;
    dueDate: string;
    /** The business's verified paybill; null: the platform's. */
    paybill: string | null;
  };
  reminder: {
    loanCode: string;
    dueDate: string;
    daysLeft: number;
    balance: Cents;
    paybill: string | null;
  };
  payment_received: { loanCode: string; amount: Cents; balance: Cents };
  repaid: { loanCode: string };
  overdue: { loanCode: string; dueDate: string; balance: Cents; paybill: string | null };
  complaint_received: { reference: string; businessName: string; dueDate: string };
  complaint_resolved: { reference: string; resolution: string };
  crb_notice: {
    loanCode: string;
    businessName: string;
    balance: Cents;
    /** The last day to pay, YYYY-MM-DD (Africa/Nairobi). */
    deadline: string;
    paybill: string | null;
  };
};

type LoanRow = typeof loans.$inferSelect;

export async function borrowerAndBusiness(tx: Tx, loan: LoanRow) {
  const [row] = await tx
    .select({ borrower: borrowers, business: lenderBusinesses })
    .from(borrowers)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, borrowers.lenderBusinessId))
    .where(eq(borrowers.id, loan.borrowerId));
  if (!row) throw new Error(`borrower of loan ${loan.id} not found`);
  return row;
}

export function paybillOf(business: typeof lenderBusinesses.$inferSelect): string | null {
  return business.paybillVerifiedAt && business.paybillNumber ? business.paybillNumber : null;
}

/** Writes a notice once (by its key); answers its id, or null when it was written before. */
export async function enqueueNotice<K extends SmsKind>(
  tx: Tx,
  loan: LoanRow,
  borrower: typeof borrowers.$inferSelect,
  kind: K,
  dedupeKey: string,
  params: NoticeParams[K],
): Promise<number | null> {
  const [row] = await tx
    .insert(smsMessages)
    .values({
      lenderBusinessId: loan.lenderBusinessId,
      loanId: loan.id,
      borrowerId: borrower.id,
      phoneNumber: borrower.phoneNumber,
      kind,
      language: borrower.language,
      params,
      dedupeKey,
    })
    .onConflictDoNothing({ target: smsMessages.dedupeKey })
    .returning({ id: smsMessages.id });
  return row?.id ?? null;
}

/** Writes a notice once (by its key); answers whether it is new. */
async function enqueue<K extends SmsKind>(
  tx: Tx,
  loan: LoanRow,
  borrower: typeof borrowers.$inferSelect,
  kind: K,
  dedupeKey: string,
  params: NoticeParams[K],
): Promise<boolean> {
  return (await enqueueNotice(tx, loan, borrower, kind, dedupeKey, params)) !== null;
}

/** M-Pesa paid the loan out: amounts, due date, where and how to repay, cost of credit. */
export async function noticeDisbursed(tx: Tx, loanId: number): Promise<void> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId));
  if (!loan?.dueDate) return;
  const { borrower, business } = await borrowerAndBusiness(tx, loan);
  await enqueue(tx, loan, borrower, 'disbursed', `loan:${loan.id}:disbursed`, {
    loanCode: loan.loanCode,
    businessName: business.businessName,
    principal: toCents(loan.principalAmount),
    disbursed: toCents(loan.disbursementAmount),
    total: toCents(loan.initialAmount),
    fee: toCents(loan.processingFee),
    interest: toCents(loan.interestAmount),
    dueDate: loan.dueDate.toISOString(),
    paybill: paybillOf(business),
  });
}

/**
 * What the borrower still owes: the loan's outstanding amount, or on a written-off loan
 * what is left of the write-off.
 */
export async function balanceOf(tx: Tx, loan: LoanRow): Promise<Cents> {
  if (loan.status !== 'written_off') return toCents(loan.outstandingAmount);
  const [writeOff] = await tx
    .select()
    .from(writeOffs)
    .where(eq(writeOffs.loanId, loan.id))
    .orderBy(desc(writeOffs.id))
    .limit(1);
  return writeOff ? toCents(writeOff.amount) - toCents(writeOff.recoveredAmount) : 0;
}

/**
 * A repayment was received (one M-Pesa receipt): the amount and the new balance; when it
 * paid the loan off, the "repaid" notice too. Called after the payment was applied.
 */
export async function noticePayment(
  tx: Tx,
  options: { loanId: number; amount: Cents; mpesaRepaymentId: number; wasRepaid: boolean },
): Promise<void> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, options.loanId));
  if (!loan) return;
  const { borrower } = await borrowerAndBusiness(tx, loan);
  await enqueue(
    tx,
    loan,
    borrower,
    'payment_received',
    `repayment:${options.mpesaRepaymentId}:received`,
    { loanCode: loan.loanCode, amount: options.amount, balance: await balanceOf(tx, loan) },
  );
  if (loan.status === 'repaid' && !options.wasRepaid) {
    await enqueue(tx, loan, borrower, 'repaid', `loan:${loan.id}:repaid`, {
      loanCode: loan.loanCode,
    });
  }
}

/** A reminder of the due date; at most one a day per loan (the day is in the key). */
export async function noticeReminder(
  tx: Tx,
  loan: LoanRow,
  day: string,
  daysLeft: number,
): Promise<boolean> {
  if (!loan.dueDate) return false;
  const { borrower, business } = await borrowerAndBusiness(tx, loan);
  if (borrower.smsRemindersOptedOutAt) return false;
  return enqueue(tx, loan, borrower, 'reminder', `loan:${loan.id}:reminder:${day}`, {
    loanCode: loan.loanCode,
    dueDate: loan.dueDate.toISOString(),
    daysLeft,
    balance: toCents(loan.outstandingAmount),
    paybill: paybillOf(business),
  });
}

/** The loan is past due: said once, in neutral words (a reminder: opting out stops it). */
export async function noticeOverdue(tx: Tx, loan: LoanRow): Promise<boolean> {
  if (!loan.dueDate) return false;
  const { borrower, business } = await borrowerAndBusiness(tx, loan);
  if (borrower.smsRemindersOptedOutAt) return false;
  return enqueue(tx, loan, borrower, 'overdue', `loan:${loan.id}:overdue`, {
    loanCode: loan.loanCode,
    dueDate: loan.dueDate.toISOString(),
    balance: toCents(loan.outstandingAmount),
    paybill: paybillOf(business),
  });
}

/** A resolution longer than this is cut in the SMS (the register keeps it whole). */
const RESOLUTION_IN_SMS = 300;

/**
 * A complaint's acknowledgement (its reference and deadline) or its resolution, to the
 * borrower who complained, once each. Regulatory messages: they go whether or not the
 * borrower opted out of reminders (that opt-out is about reminders), in quiet hours they
 * wait like every notice. A complaint with no borrower (none matched) gets none.
 */
export async function noticeComplaint(
  tx: Tx,
  complaint: {
    id: number;
    reference: string;
    lenderBusinessId: number;
    borrowerId: number | null;
    loanId: number | null;
    dueAt: Date;
    resolution: string | null;
    resolvedAt: Date | null;
  },
  kind: 'complaint_received' | 'complaint_resolved',
): Promise<boolean> {
  if (complaint.borrowerId === null) return false;
  const [row] = await tx
    .select({ borrower: borrowers, business: lenderBusinesses })
    .from(borrowers)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, borrowers.lenderBusinessId))
    .where(eq(borrowers.id, complaint.borrowerId));
  if (!row) return false;
  const params: NoticeParams[typeof kind] =
    kind === 'complaint_received'
      ? {
          reference: complaint.reference,
          businessName: row.business.businessName,
          dueDate: complaint.dueAt.toISOString(),
        }
      : {
          reference: complaint.reference,
          resolution: (complaint.resolution ?? '').slice(0, RESOLUTION_IN_SMS),
        };
  // A resolution after a reopening is a new message: the key holds its time.
  const [inserted] = await tx
    .insert(smsMessages)
    .values({
      lenderBusinessId: complaint.lenderBusinessId,
      loanId: complaint.loanId,
      borrowerId: row.borrower.id,
      phoneNumber: row.borrower.phoneNumber,
      kind,
      language: row.borrower.language,
      params,
      dedupeKey:
        kind === 'complaint_received'
          ? `complaint:${complaint.id}:received`
          : `complaint:${complaint.id}:resolved:${complaint.resolvedAt?.toISOString() ?? ''}`,
    })
    .onConflictDoNothing({ target: smsMessages.dedupeKey })
    .returning({ id: smsMessages.id });
  return Boolean(inserted);
}
