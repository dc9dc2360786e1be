/**
 * The notice before adverse listing (docs/crb.md). When a loan becomes non-performing (the
 * lifecycle's `default`: still unpaid DEFAULT_AFTER_DAYS after its due date) the borrower is told
 * by SMS, in their language, that the loan will be reported to the credit reference bureaus
 * unless paid by a deadline 30 days after the day the SMS can go (the Banking (Credit Reference
 * Bureau) Regulations 2020 and the CBK (Digital Credit Providers) Regulations 2022 ask for at
 * least thirty days). The CRB files report it non-performing only for months ending after that
 * deadline.
 *
 * A regulatory notice, not marketing: it goes even to a borrower who opted out of reminders, but
 * like every SMS it waits for the end of the quiet hours, and the deadline counts from then.
 * Once per loan: the notice row is unique per loan and written with its SMS in one transaction.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  CRB_NOTICE_DAYS,
  NEGATIVE_LISTING_THRESHOLD_CENTS,
  type CrbNotice,
} from '../../../src/domain/crb';
import { centsToDecimal, centsToNumber, toCents } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import { crbNotices, smsMessages, type loans } from '../../db/schema';
import { nairobiToday } from '../../lib/nairobi-day';
import { firstSendableAt, type QuietHours } from '../sms/outbox';
import { balanceOf, borrowerAndBusiness, enqueueNotice, paybillOf } from '../sms/notices';

type LoanRow = typeof loans.$inferSelect;

/** Loan statuses that are non-performing: the notice is owed once a loan reaches one. */
export const nonPerformingLoanStatuses = ['default', 'written_off'] as const;

/** The deadline of a notice written at `now`: 30 days after the day it can be sent. */
export function noticeDeadline(now: Date, quiet: QuietHours): string {
  return addDays(nairobiToday(firstSendableAt(now, quiet)), CRB_NOTICE_DAYS);
}

/**
 * Writes the notice of a non-performing loan, once; answers whether it was written now. A
 * balance of KES 1,000 or less is never reported, so it gets no notice (yet: fines may raise it).
 */
export async function noticeBeforeListing(
  tx: Tx,
  loan: LoanRow,
  now: Date,
  quiet: QuietHours,
): Promise<boolean> {
  if (!(nonPerformingLoanStatuses as readonly string[]).includes(loan.status)) return false;
  const balance = await balanceOf(tx, loan);
  if (balance <= NEGATIVE_LISTING_THRESHOLD_CENTS) return false;
  const deadline = noticeDeadline(now, quiet);
  const [notice] = await tx
    .insert(crbNotices)
    .values({
      loanId: loan.id,
      lenderBusinessId: loan.lenderBusinessId,
      borrowerId: loan.borrowerId,
      noticedAt: now,
      deadline,
      balance: centsToDecimal(balance),
    })
    .onConflictDoNothing({ target: crbNotices.loanId })
    .returning({ id: crbNotices.id });
  if (!notice) return false;
  const { borrower, business } = await borrowerAndBusiness(tx, loan);
  const smsId = await enqueueNotice(
    tx,
    loan,
    borrower,
    'crb_notice',
    `loan:${loan.id}:crb_notice`,
    {
      loanCode: loan.loanCode,
      businessName: business.businessName,
      balance,
      deadline,
      paybill: paybillOf(business),
    },
  );
  await tx.update(crbNotices).set({ smsMessageId: smsId }).where(eq(crbNotices.id, notice.id));
  return true;
}

/** The notices of some loans, by loan id, as the API shows them. */
export async function noticesOf(tx: Tx, loanIds: number[]): Promise<Map<number, CrbNotice>> {
  if (loanIds.length === 0) return new Map();
  const rows = await tx
    .select({ notice: crbNotices, smsStatus: smsMessages.status })
    .from(crbNotices)
    .leftJoin(smsMessages, eq(smsMessages.id, crbNotices.smsMessageId))
    .where(inArray(crbNotices.loanId, loanIds))
    .orderBy(desc(crbNotices.id));
  return new Map(
    rows.map(({ notice, smsStatus }) => [
      notice.loanId,
      {
        id: notice.id,
        loanId: notice.loanId,
        noticedAt: notice.noticedAt.toISOString(),
        deadline: notice.deadline,
        balance: centsToNumber(toCents(notice.balance)),
        smsStatus,
      },
    ]),
  );
}
