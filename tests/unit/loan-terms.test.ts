// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  computeLoanTerms,
  daysOverdue,
  divideRoundHalfUp,
  dueDate,
} from '../../src/domain/loan-terms';
import { centsToDecimal, toCents } from '../../src/domain/money';
import { normalizeKenyanPhone } from '../../src/domain/phone';

const plan = (
  interestRate: number,
  processingFee: number,
  durationInDays: number,
  cycleDays: number,
) => ({
  interestRate,
  processingFee,
  durationInDays,
  cycleDays,
});

describe('loan terms (spec "Business constants and limits", docs/architecture.md §4), in integer cents', () => {
  it.each([
    // principal, interest %, fee %, days, cycle, fee, interest, total, disbursement, cycles, payment
    [10_000, 10, 2.5, 30, 7, 250, 1000, 11_000, 9750, 5, 2567],
    [5000, 15, 3, 30, 30, 150, 750, 5750, 4850, 1, 5750],
    [1000, 12.5, 1.25, 14, 7, 13, 125, 1125, 987, 2, 563],
    [2500, 0, 0, 7, 1, 0, 0, 2500, 2500, 7, 357],
  ])(
    '%i at %d%% interest, %d%% fee, %i days / %i',
    (
      principal,
      rate,
      fee,
      days,
      cycle,
      expFee,
      expInterest,
      expTotal,
      expDisb,
      expCycles,
      expPayment,
    ) => {
      const terms = computeLoanTerms(toCents(principal), plan(rate, fee, days, cycle));
      expect(terms.processingFee).toBe(toCents(expFee));
      expect(terms.interest).toBe(toCents(expInterest));
      expect(terms.total).toBe(toCents(expTotal));
      expect(terms.disbursement).toBe(toCents(expDisb));
      expect(terms.costOfCredit).toBe(toCents(expFee + expInterest));
      expect(terms.cycles).toBe(expCycles);
      expect(terms.cyclePayment).toBe(toCents(expPayment));
      expect(terms.schedule.reduce((sum, i) => sum + i.amount, 0)).toBe(terms.total);
      expect(terms.schedule.at(-1)?.dayOffset).toBe(days);
    },
  );

  it('rounds half up: a fee of 12.5 shillings is 13, interest of 0.005 is a cent', () => {
    expect(computeLoanTerms(toCents(500), plan(0, 2.5, 30, 30)).processingFee).toBe(toCents(13));
    expect(computeLoanTerms(toCents(499), plan(0, 2.5, 30, 30)).processingFee).toBe(toCents(12));
    // 0.50 × 1% = 0.005 → 0.01
    expect(computeLoanTerms(50, plan(1, 0, 30, 30)).interest).toBe(1);
    expect(computeLoanTerms(49, plan(1, 0, 30, 30)).interest).toBe(0);
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
  });

  it('keeps the schedule summing to the total when the duration is not a multiple of the cycle', () => {
    const terms = computeLoanTerms(toCents('1000.00'), plan(10, 0, 10, 7));
    expect(terms.schedule.map((i) => [i.dayOffset, centsToDecimal(i.amount)])).toEqual([
      [7, '770.00'],
      [10, '330.00'],
    ]);
  });

  it('handles amounts with cents', () => {
    const terms = computeLoanTerms(toCents('1234.56'), plan(7.5, 1.5, 30, 7));
    expect(centsToDecimal(terms.interest)).toBe('92.59');
    expect(centsToDecimal(terms.processingFee)).toBe('19.00');
    expect(centsToDecimal(terms.total)).toBe('1327.15');
    expect(terms.schedule.reduce((s, i) => s + i.amount, 0)).toBe(terms.total);
  });

  it('refuses rates with more than two decimals and non-positive principals', () => {
    expect(() => computeLoanTerms(100, plan(1.234, 0, 30, 7))).toThrow(RangeError);
    expect(() => computeLoanTerms(0, plan(1, 0, 30, 7))).toThrow(RangeError);
  });

  it('dates: due = disbursement + duration; days overdue rounded up, floored at 0', () => {
    const disbursed = new Date('2026-11-01T10:00:00+03:00');
    const due = dueDate(disbursed, 30);
    expect(due.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(daysOverdue(due, new Date('2026-11-30T10:00:00+03:00'))).toBe(0);
    expect(daysOverdue(due, new Date('2026-12-01T10:00:01+03:00'))).toBe(1);
    expect(daysOverdue(due, new Date('2026-12-09T09:00:00+03:00'))).toBe(8);
  });
});

describe('money in cents', () => {
  it('parses and prints without floating point drift', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
    expect(toCents('1,234.5')).toBe(123450);
    expect(toCents(19.99)).toBe(1999);
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(() => toCents('1.234')).toThrow(RangeError);
  });
});

describe('Kenyan phone numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254112345678', '254112345678'],
    ['0712 345 678', '254712345678'],
    ['712345678', '254712345678'],
    ['0812345678', null],
    ['071234567', null],
    ['+1 202 555 0100', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected);
  });
});
