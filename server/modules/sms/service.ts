/**
 * The SMS notices' reads and the borrower's choices (the README's "Money and M-Pesa"): delivery
 * reports from Africa's Talking, the messages of a loan and of the whole platform, and a borrower's
 * reminders opt-out and language.
 */
import { and, count, desc, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import type { Language } from '../../../src/domain/languages';
import type { SmsStatus } from '../../../src/domain/sms';
import { loansText } from '../../../src/i18n/loans';
import type { Db, Tx } from '../../db/client';
import { borrowers, lenderBusinesses, loans, smsMessages } from '../../db/schema';
import { notFound, notFoundAs } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { borrowerById, borrowerFor } from '../borrowers/service';
import { businessFor } from '../businesses/access';
import { renderNotice, type RenderContext } from './render';

/** Africa's Talking's final delivery statuses; Sent, Submitted and Buffered are on the way. */
const DELIVERED = new Set(['Success']);
const UNDELIVERED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

/** The start of a Nairobi calendar day. */
const nairobiMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`));

type MessageRow = typeof smsMessages.$inferSelect;

function messageView(row: MessageRow, context: RenderContext) {
  return {
    id: row.id,
    loanId: row.loanId,
    borrowerId: row.borrowerId,
    lenderBusinessId: row.lenderBusinessId,
    phoneNumber: row.phoneNumber,
    kind: row.kind,
    language: row.language,
    // A message that waits (quiet hours) shows the text it will carry.
    body: row.body ?? renderNotice(row, context),
    status: row.status,
    attempts: row.attempts,
    providerMessageId: row.providerMessageId,
    cost: row.costAmount === null ? null : { currency: row.costCurrency, amount: row.costAmount },
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
  };
}

/** Applies one delivery report; unknown ids are ignored (a report for another system). */
export async function receiveDeliveryReport(
  db: Db,
  report: { id: string; status: string; failureReason?: string | undefined },
  now: Date,
): Promise<void> {
  if (DELIVERED.has(report.status)) {
    await db
      .update(smsMessages)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(eq(smsMessages.providerMessageId, report.id));
  } else if (UNDELIVERED.has(report.status)) {
    await db
      .update(smsMessages)
      .set({
        status: 'failed',
        failureReason: `Not delivered: ${report.failureReason || report.status}.`,
        updatedAt: now,
      })
      // A report never takes back a delivery already confirmed.
      .where(
        and(eq(smsMessages.providerMessageId, report.id), ne(smsMessages.status, 'delivered')),
      );
  }
}

/** The notices of a loan the user may reach (else 404), newest first. */
export async function loanMessages(db: Db, user: AuthUser, loanId: number, context: RenderContext) {
  const [loan] = await db.select().from(loans).where(eq(loans.id, loanId));
  if (!loan) throw notFound(loansText.loanNotFound);
  await businessFor(db, user, loan.lenderBusinessId).catch(notFoundAs(loansText.loanNotFound));
  const rows = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.loanId, loan.id))
    .orderBy(desc(smsMessages.id));
  return rows.map((row) => messageView(row, context));
}

export type MessagesFilter = {
  status?: SmsStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  lenderId?: number | undefined;
  page: number;
  limit: number;
};

/** Every notice, newest first, filtered (Nairobi days, inclusive), one page and the total. */
export async function adminMessages(db: Db, q: MessagesFilter, context: RenderContext) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(smsMessages.status, q.status));
  if (q.from) where.push(gte(smsMessages.createdAt, nairobiMidnight(q.from)));
  if (q.to) {
    const end = new Date(nairobiMidnight(q.to).getTime() + 86_400_000);
    where.push(lt(smsMessages.createdAt, end));
  }
  if (q.lenderId !== undefined) where.push(eq(lenderBusinesses.lenderId, q.lenderId));
  const condition = where.length ? and(...where) : undefined;
  const page = Math.max(1, q.page);
  const limit = Math.max(1, q.limit);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: smsMessages,
        loanCode: loans.loanCode,
        businessName: lenderBusinesses.businessName,
        lenderId: lenderBusinesses.lenderId,
      })
      .from(smsMessages)
      .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, smsMessages.lenderBusinessId))
      .leftJoin(loans, eq(loans.id, smsMessages.loanId))
      .where(condition)
      .orderBy(desc(smsMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(smsMessages)
      .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, smsMessages.lenderBusinessId))
      .where(condition),
  ]);
  return {
    data: rows.map((row) => ({
      ...messageView(row.message, context),
      loanCode: row.loanCode,
      businessName: row.businessName,
      lenderId: row.lenderId,
    })),
    total: total?.total ?? 0,
  };
}

/** Opts a borrower out of (or back into) payment reminders; answers the borrower. */
export async function setSmsReminders(
  tx: Tx,
  user: AuthUser,
  borrowerId: number,
  optOut: boolean,
  now: () => Date,
) {
  const borrower = await borrowerFor(tx, user, borrowerId);
  // Opting out twice keeps the first time: that is when the borrower asked.
  const at = optOut ? (borrower.smsRemindersOptedOutAt ?? now()) : null;
  await tx
    .update(borrowers)
    .set({ smsRemindersOptedOutAt: at, updatedAt: new Date() })
    .where(eq(borrowers.id, borrower.id));
  if (Boolean(borrower.smsRemindersOptedOutAt) !== optOut) {
    await recordAudit(tx, {
      actorUserId: user.id,
      action: optOut ? 'borrower.sms_reminders_opted_out' : 'borrower.sms_reminders_opted_in',
      subjectType: 'borrower',
      subjectId: borrower.id,
      details: { at: at?.toISOString() ?? now().toISOString() },
    });
  }
  return borrowerById(tx, borrower.id);
}

/** Sets the language of a borrower's notices; answers the borrower. */
export async function setSmsLanguage(
  tx: Tx,
  user: AuthUser,
  borrowerId: number,
  language: Language,
) {
  const borrower = await borrowerFor(tx, user, borrowerId);
  await tx
    .update(borrowers)
    .set({ language, updatedAt: new Date() })
    .where(eq(borrowers.id, borrower.id));
  return borrowerById(tx, borrower.id);
}
