/**
 * The Fines page's cards, summed in integer cents (docs/architecture.md §4), never as floats. What
 * is still unpaid leaves out the fines of written-off loans: nobody collects those any
 * more (the write-off took them off the books).
 */
import { centsToNumber, toCents } from '../../../domain/money';
import type { Fine } from '../api/get-fines';

export function fineTotals(fines: readonly Fine[]) {
  let amount = 0;
  let balance = 0;
  for (const fine of fines) {
    amount += toCents(fine.fineAmount);
    if (fine.loan.status !== 'written_off') balance += toCents(fine.fineBalance);
  }
  return { count: fines.length, amount: centsToNumber(amount), balance: centsToNumber(balance) };
}
