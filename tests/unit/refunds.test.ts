import { describe, expect, it } from 'vitest';
import {
  ALL_BUSINESSES,
  filterRefundLoans,
  isRefundable,
  refundableAmount,
} from '../../src/features/refunds/utils/refund-filter';

function loan(id: number, name: [string, string], businessId: number, total: number) {
  return {
    id,
    loanCode: `CODE${id}`,
    status: 'repaid',
    principalAmount: 1000,
    initialAmount: 1100,
    outstandingAmount: 0,
    disbursementDate: null,
    dueDate: null,
    lenderBusinessId: businessId,
    borrower: {
      id,
      firstName: name[0],
      lastName: name[1],
      phoneNumber: '254712345678',
      idNumber: '1',
    },
    lenderLoanPlan: {
      name: 'Plan',
      durationInDays: 30,
      interestRate: 10,
      processingFee: 2,
      lenderBusiness: { id: businessId, businessName: `Business ${businessId}` },
    },
    latestWallet: { total, refund: { refunded: 'notrefunded', amount: 0, status: null } },
  };
}

describe('refunds', () => {
  const achieng = loan(1, ['Achieng', 'Odhiambo'], 1, 500);
  const kevin = loan(2, ['Kevin', 'Achieng'], 2, 86.25);
  const mary = loan(3, ['Mary', 'Wambui'], 1, 9.99);
  const loans = [achieng, kevin, mary];

  it('search matches the full name, case-insensitive; the business filter keeps one or all', () => {
    expect(filterRefundLoans(loans, 'achieng', ALL_BUSINESSES).map((l) => l.id)).toEqual([1, 2]);
    expect(filterRefundLoans(loans, 'N ACH', ALL_BUSINESSES).map((l) => l.id)).toEqual([2]);
    expect(filterRefundLoans(loans, '  achieng o ', ALL_BUSINESSES).map((l) => l.id)).toEqual([1]);
    expect(filterRefundLoans(loans, 'achieng', '2').map((l) => l.id)).toEqual([2]);
    expect(filterRefundLoans(loans, '', '1').map((l) => l.id)).toEqual([1, 3]);
    expect(filterRefundLoans(loans, 'Kamau', ALL_BUSINESSES)).toEqual([]);
  });

  it('refunds whole shillings from 10 up; the cents stay in the wallet', () => {
    expect(refundableAmount(achieng)).toBe(500);
    expect(refundableAmount(kevin)).toBe(86);
    expect(isRefundable(kevin)).toBe(true);
    expect(refundableAmount(loan(4, ['A', 'B'], 1, 10.0))).toBe(10);
    expect(isRefundable(loan(4, ['A', 'B'], 1, 10.0))).toBe(true);
    expect(isRefundable(mary)).toBe(false);
    expect(isRefundable(loan(5, ['A', 'B'], 1, 0))).toBe(false);
  });
});
