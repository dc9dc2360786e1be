/**
 * The daily SMS job (the README's "Money and M-Pesa"), run hourly like the fines job and as
 * idempotent: for today in Nairobi it writes a reminder 3 days before a loan's due date and on the
 * due day (never on the day it was paid out, whose notice already gives the date), and once a loan
 * is past due the overdue notice, once. Each notice's key (loan, kind, day) makes a rerun, or a
 * second instance, find it already written. A loan that became non-performing gets the notice
 * before adverse listing, once (server/modules/crb/notices.ts). It then sends what waits, quiet hours allowing: from
 * 07:00 that includes what the night held back.
 */
import { measuredJob } from '../lib/metrics';
import { and, asc, inArray, isNotNull, notExists, eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { crbNotices, loans } from '../db/schema';
import { nonPerformingLoanStatuses, noticeBeforeListing } from '../modules/crb/notices';
import { owingLoanStatuses } from '../../src/domain/loans';
import { toCents } from '../../src/domain/money';
import { failInterrupted, INTERRUPTED_AFTER_MS, type SmsOutbox } from '../modules/sms/outbox';
import { noticeOverdue, noticeReminder } from '../modules/sms/notices';
import { runExclusively } from './exclusive';
import { scheduleHourly } from './schedule';
import { nairobiToday } from './fines';

const DAY_MS = 86_400_000;
/** Days before the due date the reminders go: 3 days before, and on the day. */
const REMINDER_DAYS = new Set([3, 0]);

export type SmsRun = {
  day: string;
  loansChecked: number;
  reminders: number;
  overdue: number;
  crbNotices: number;
  interrupted: number;
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * `signal` aborted (the server stops): no more notices are written, and what was written
 * is left to the outbox's own flush on close; a rerun writes the rest.
 */
export async function runSmsJob(
  db: Db,
  outbox: SmsOutbox,
  now: Date,
  signal?: AbortSignal,
): Promise<SmsRun> {
  const day = nairobiToday(now);
  const run: SmsRun = {
    day,
    loansChecked: 0,
    reminders: 0,
    overdue: 0,
    crbNotices: 0,
    interrupted: await failInterrupted(db, now, INTERRUPTED_AFTER_MS),
  };
  const candidates = await db
    .select()
    .from(loans)
    .where(
      and(
        inArray(loans.status, [...owingLoanStatuses]),
        isNotNull(loans.dueDate),
        isNotNull(loans.disbursementDate),
      ),
    )
    .orderBy(asc(loans.id));
  run.loansChecked = candidates.length;
  for (const loan of candidates) {
    if (signal?.aborted) return run;
    if (!loan.dueDate || !loan.disbursementDate || toCents(loan.outstandingAmount) <= 0) continue;
    const daysLeft = daysBetween(day, nairobiToday(loan.dueDate));
    const paidOutToday = nairobiToday(loan.disbursementDate) === day;
    await db.transaction(async (tx) => {
      if (loan.status === 'active' && REMINDER_DAYS.has(daysLeft) && !paidOutToday) {
        if (await noticeReminder(tx, loan, day, daysLeft)) run.reminders += 1;
      }
      if (daysLeft < 0 && (await noticeOverdue(tx, loan))) run.overdue += 1;
    });
  }
  // The notice before adverse listing, once per non-performing loan (docs/crb.md).
  const unnoticed = await db
    .select()
    .from(loans)
    .where(
      and(
        inArray(loans.status, [...nonPerformingLoanStatuses]),
        notExists(
          db.select({ id: crbNotices.id }).from(crbNotices).where(eq(crbNotices.loanId, loans.id)),
        ),
      ),
    )
    .orderBy(asc(loans.id));
  for (const loan of unnoticed) {
    if (signal?.aborted) return run;
    const written = await db.transaction((tx) =>
      noticeBeforeListing(tx, loan, now, outbox.quietHours),
    );
    if (written) run.crbNotices += 1;
  }
  await outbox.flush();
  return run;
}

// Any constant other than the fines job's: one instance runs the SMS job at a time.
const SMS_LOCK_KEY = 7_315_102;

/** Runs the job unless another instance holds the lock (then answers null). */
export async function runSmsJobExclusively(
  database: Database,
  outbox: SmsOutbox,
  now: Date,
  signal?: AbortSignal,
): Promise<SmsRun | null> {
  return measuredJob('sms', () =>
    runExclusively(database, SMS_LOCK_KEY, () => runSmsJob(database.db, outbox, now, signal)),
  );
}

/** The in-process schedule: shortly after start and every hour (idempotent). */
export function scheduleSmsJob(
  database: Database,
  outbox: SmsOutbox,
  options: { now: () => Date; log: (error: unknown) => void },
): () => Promise<void> {
  return scheduleHourly(
    (signal) => runSmsJobExclusively(database, outbox, options.now(), signal),
    options.log,
  );
}
