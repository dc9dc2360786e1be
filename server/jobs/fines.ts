/**
 * The daily fines job (docs/architecture.md §5). For a calendar day (Africa/Nairobi) it draws:
 * within the loan period, fineRateWithinLoanPeriod% of an instalment's arrears once the
 * instalment is more than gracePeriodWithinLoanPeriod days late (once per instalment);
 * after the due date plus gracePeriodOverLoanPeriod days, fineRateOverLoanPeriod% of the
 * outstanding balance for each elapsed cycle. Kenya's in duplum rule caps interest plus
 * fines at the principal outstanding when the loan fell past due. Loans still unpaid
 * DEFAULT_AFTER_DAYS after the due date become default. Running a day twice changes
 * nothing: a fine is unique by (loan, kind, period).
 */
import { measuredJob } from '../lib/metrics';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { jobsText } from '../../src/i18n/jobs';
import { divideRoundHalfUp } from '../../src/domain/loan-terms';
import { owingLoanStatuses } from '../../src/domain/loans';
import { centsToDecimal, toCents, type Cents } from '../../src/domain/money';
import type { Database, Tx } from '../db/client';
import { fines, loanInstalments, loanPayments, loans } from '../db/schema';
import { runExclusively } from './exclusive';
import { endOfNairobiDay, nairobiToday } from '../lib/nairobi-day';

// The day helpers live in server/lib; the job's callers (scripts, tests) still find them here.
export { endOfNairobiDay, nairobiToday };
import { scheduleHourly } from './schedule';

const DAY_MS = 86_400_000;
/**
 * Why a day may not be run, or null. Fines and defaults are drawn only for days that
 * have happened in Nairobi: running a later day would fine borrowers for arrears they
 * may still pay, and the job is idempotent, so what it drew early would stay.
 */
export function finesDayError(day: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return jobsText.dayFormat;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(day)) return jobsText.realDay;
  const today = nairobiToday(now);
  return day > today ? jobsText.futureDay(day, today) : null;
}

/**
 * The Nairobi day of the platform's first loan: the earliest application or disbursement
 * (a loan moved into the past keeps its application day), or null before any loan.
 */
export async function firstLoanDay(db: Tx): Promise<string | null> {
  const [row] = await db
    .select({
      first:
        sql<Date | null>`min(least(${loans.applicationDate}, ${loans.disbursementDate}))`.mapWith(
          loans.applicationDate,
        ),
    })
    .from(loans);
  return row?.first ? nairobiToday(new Date(row.first)) : null;
}

/**
 * Why a day may not be run, or null, with what only the database knows: no fine is owed
 * for a day before the platform's first loan (nor for `0000-01-01`), and before any loan
 * only today may run (the daily schedule).
 */
export async function finesDayRefusal(
  db: Tx,
  day: string,
  now: Date = new Date(),
): Promise<string | null> {
  const refused = finesDayError(day, now);
  if (refused) return refused;
  const first = await firstLoanDay(db);
  const today = nairobiToday(now);
  if (first === null) return day < today ? jobsText.noLoansYet(day, today) : null;
  return day < first && day < today ? jobsText.beforeFirstLoan(day, first) : null;
}

/** rate% of an amount in cents, half up; rate has at most two decimals. */
function percentOf(amount: Cents, rate: string): Cents {
  return divideRoundHalfUp(amount * Math.round(Number(rate) * 100), 10_000);
}

export type FinesRun = { day: string; loansChecked: number; finesDrawn: number; defaulted: number };

export type FinesOptions = {
  defaultAfterDays: number;
  /** Aborted: the run stops before its next loan (the server stops); a rerun goes on. */
  signal?: AbortSignal;
};

export async function runFines(db: Tx, day: string, options: FinesOptions): Promise<FinesRun> {
  const asOf = endOfNairobiDay(day);
  const candidates = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(inArray(loans.status, [...owingLoanStatuses]), isNotNull(loans.disbursementDate)))
    .orderBy(asc(loans.id));
  const run: FinesRun = { day, loansChecked: candidates.length, finesDrawn: 0, defaulted: 0 };
  for (const { id } of candidates) {
    if (options.signal?.aborted) break;
    const result = await db.transaction((tx) =>
      fineLoan(tx, id, day, asOf, options.defaultAfterDays),
    );
    run.finesDrawn += result.finesDrawn;
    run.defaulted += result.defaulted ? 1 : 0;
  }
  return run;
}

async function fineLoan(tx: Tx, loanId: number, day: string, asOf: Date, defaultAfterDays: number) {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  const result = { finesDrawn: 0, defaulted: false };
  if (
    !loan?.disbursementDate ||
    !loan.dueDate ||
    !(owingLoanStatuses as readonly string[]).includes(loan.status)
  )
    return result;
  let outstanding = toCents(loan.outstandingAmount);
  if (outstanding <= 0) return result;

  const disbursed = loan.disbursementDate.getTime();
  const due = loan.dueDate.getTime();
  const [paid] = await tx
    .select({
      schedule: sql<string>`coalesce(sum(${loanPayments.interestAmount} + ${loanPayments.principalAmount}), 0)::text`,
      principal: sql<string>`coalesce(sum(${loanPayments.principalAmount}), 0)::text`,
    })
    .from(loanPayments)
    .where(eq(loanPayments.loanId, loan.id));
  const paidTowardSchedule = toCents(paid!.schedule);
  const [finesSoFar] = await tx
    .select({ total: sql<string>`coalesce(sum(${fines.fineAmount}), 0)::text` })
    .from(fines)
    .where(eq(fines.loanId, loan.id));
  let charged = toCents(loan.interestAmount) + toCents(finesSoFar!.total);

  // In duplum: fixed when the loan first falls past due.
  let cap = loan.inDuplumCap === null ? null : toCents(loan.inDuplumCap);
  if (cap === null && asOf.getTime() > due) {
    cap = toCents(loan.principalAmount) - toCents(paid!.principal);
    await tx
      .update(loans)
      .set({ inDuplumCap: centsToDecimal(cap) })
      .where(eq(loans.id, loan.id));
  }

  const draw = async (kind: 'within' | 'over', period: number, base: Cents, rate: string) => {
    let amount = percentOf(base, rate);
    if (cap !== null) amount = Math.min(amount, Math.max(0, cap - charged));
    if (amount <= 0) return;
    const [inserted] = await tx
      .insert(fines)
      .values({
        loanId: loan.id,
        lenderBusinessId: loan.lenderBusinessId,
        kind,
        period,
        fineRate: rate,
        fineAmount: centsToDecimal(amount),
        fineBalance: centsToDecimal(amount),
        accruedOn: day,
      })
      .onConflictDoNothing()
      .returning({ id: fines.id });
    if (!inserted) return;
    outstanding += amount;
    charged += amount;
    result.finesDrawn += 1;
  };

  // Within the loan period: each instalment late beyond the grace days, once.
  const graceWithin = Number(loan.gracePeriodWithinLoanPeriod) * DAY_MS;
  const schedule = await tx
    .select()
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loan.id))
    .orderBy(asc(loanInstalments.number));
  let cumulative = 0;
  for (const instalment of schedule) {
    const amount = toCents(instalment.amount);
    cumulative += amount;
    const instalmentDue = disbursed + instalment.dayOffset * DAY_MS;
    if (asOf.getTime() <= instalmentDue + graceWithin) continue;
    const arrears = Math.min(amount, Math.max(0, cumulative - paidTowardSchedule));
    if (arrears > 0)
      await draw('within', instalment.number, arrears, loan.fineRateWithinLoanPeriod);
  }

  // Over the loan period: each full cycle elapsed after due date + grace.
  const overStart = due + Number(loan.gracePeriodOverLoanPeriod) * DAY_MS;
  const cycles = Math.floor((asOf.getTime() - overStart) / (loan.cycleDays * DAY_MS));
  for (let period = 1; period <= cycles; period += 1) {
    await draw('over', period, outstanding, loan.fineRateOverLoanPeriod);
  }

  const becomesDefault =
    loan.status === 'active' && asOf.getTime() >= due + defaultAfterDays * DAY_MS;
  await tx
    .update(loans)
    .set({
      outstandingAmount: centsToDecimal(outstanding),
      ...(becomesDefault ? { status: 'default' as const, defaultedAt: asOf } : {}),
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id));
  result.defaulted = becomesDefault;
  return result;
}

// Any constant: only one server instance runs the job at a time (PostgreSQL).
const FINES_LOCK_KEY = 7_315_101;

/**
 * Runs the job for a day unless another instance holds the lock. A day that is not a
 * real day, has not happened yet or comes before the first loan is refused (RangeError):
 * callers check it first with finesDayError and finesDayRefusal to answer the sentence.
 */
export async function runFinesExclusively(database: Database, day: string, options: FinesOptions) {
  const refused = await finesDayRefusal(database.db, day);
  if (refused) throw new RangeError(refused);
  return measuredJob('fines', () =>
    runExclusively(database, FINES_LOCK_KEY, () => runFines(database.db, day, options)),
  );
}

/** The in-process schedule: at start and every hour, the job for today (idempotent). */
export function scheduleFines(
  database: Database,
  options: { defaultAfterDays: number; log: (error: unknown) => void },
): () => Promise<void> {
  return scheduleHourly(
    (signal) =>
      runFinesExclusively(database, nairobiToday(), {
        defaultAfterDays: options.defaultAfterDays,
        signal,
      }),
    options.log,
  );
}
