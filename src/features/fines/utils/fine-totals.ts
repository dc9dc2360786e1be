/** The Fines page's cards, summed in integer cents (DESIGN.md §4), never as floats. */
import { centsToNumber, toCents } from '../../../domain/money';
import type { Fine } from '../api/get-fines';

export function fineTotals(fines: readonly Fine[]) {
  let amount = 0;
  let balance = 0;
  for (const fine of fines) {
    amount += toCents(fine.fineAmount);
    balance += toCents(fine.fineBalance);
  }
  return { count: fines.length, amount: centsToNumber(amount), balance: centsToNumber(balance) };
}
