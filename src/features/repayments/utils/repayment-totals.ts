/**
 * The Repayments page's cards, summed in integer cents (docs/architecture.md §4): what was repaid,
 * and what the loans those repayments went to still owe (each loan counted once). The
 * card says "Still owed on N loans": N counts the loans that still owe, not the repaid ones.
 */
import { centsToNumber, toCents } from '../../../domain/money';
import type { Repayment } from '../api/get-repayments';

export function repaymentTotals(repayments: readonly Repayment[]) {
  let repaid = 0;
  const outstanding = new Map<number, number>();
  for (const repayment of repayments) {
    repaid += toCents(repayment.total);
    outstanding.set(repayment.loan.id, toCents(repayment.loan.outstandingAmount));
  }
  let owed = 0;
  for (const cents of outstanding.values()) owed += cents;
  return {
    count: repayments.length,
    repaid: centsToNumber(repaid),
    loans: [...outstanding.values()].filter((cents) => cents > 0).length,
    outstanding: centsToNumber(owed),
  };
}
