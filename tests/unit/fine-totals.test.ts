// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Fine } from '../../src/features/fines/api/get-fines';
import { fineTotals } from '../../src/features/fines/utils/fine-totals';

const fine = (fineAmount: number, fineBalance: number, status: string) =>
  ({ fineAmount, fineBalance, loan: { status } }) as unknown as Fine;

describe('the Fines cards', () => {
  it('"still unpaid" leaves out the fines of written-off loans; the charged total keeps them', () => {
    const totals = fineTotals([
      fine(100.1, 100.1, 'active'),
      fine(50, 0, 'repaid'),
      fine(75.2, 75.2, 'written_off'),
      fine(20, 10.05, 'default'),
    ]);
    expect(totals).toEqual({ count: 4, amount: 245.3, balance: 110.15 });
  });
});
