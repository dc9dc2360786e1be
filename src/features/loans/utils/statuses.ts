/**
 * Loan statuses in lifecycle order (the list in src/domain/loans.ts), for the Loans
 * page's tabs; a status the list does not know yet goes last.
 */
import { loanStatuses as lifecycle } from '../../../domain/loans';

export function statusRank(status: string): number {
  const index = (lifecycle as readonly string[]).indexOf(status);
  return index === -1 ? lifecycle.length : index;
}

/** The statuses that have loans, with their counts, in lifecycle order. */
export function statusCounts(counts: Record<string, number>): { status: string; count: number }[] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ status, count }))
    .sort(
      (a, b) => statusRank(a.status) - statusRank(b.status) || a.status.localeCompare(b.status),
    );
}
