// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Repayment } from '../../src/features/repayments/api/get-repayments';
import { repaymentTotals } from '../../src/features/repayments/utils/repayment-totals';

const repayment = (loanId: number, total: number, outstandingAmount: number) =>
  ({ total, loan: { id: loanId, outstandingAmount } }) as unknown as Repayment;

describe('the Repayments cards', () => {
  it('"Still owed on N loans" counts the loans that still owe, each once', () => {
    const totals = repaymentTotals([
      repayment(1, 500, 1200.5),
      repayment(1, 300, 1200.5),
      repayment(2, 5500, 0), // repaid in full: owes nothing
      repayment(3, 100.1, 0.2),
    ]);
    expect(totals).toEqual({ count: 4, repaid: 6400.1, loans: 2, outstanding: 1200.7 });
  });
});
