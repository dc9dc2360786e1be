/**
 * A loan's dates (docs/architecture.md §4): its due date and how overdue it is. On their
 * own, so the lists that count days overdue (the phone's follow-up list among them) do not
 * load the loan calculator.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Due date = disbursement date + durationInDays. */
export function dueDate(disbursedAt: Date, durationInDays: number): Date {
  return new Date(disbursedAt.getTime() + durationInDays * DAY_MS);
}

/** Whole days since the due date, rounded up and floored at 0. */
export function daysOverdue(due: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((now.getTime() - due.getTime()) / DAY_MS));
}

export const OVERDUE_BADGE_DAYS = 7;
