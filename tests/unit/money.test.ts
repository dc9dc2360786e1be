// @vitest-environment node
/**
 * Money is integer cents (docs/architecture.md §4): the conversions at the edges are exact, and a
 * fraction of a cent (what float arithmetic produces) is refused instead of stored.
 */
import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToNumber, decimalToNumber, toCents } from '../../src/domain/money';

describe('money in integer cents', () => {
  it('adds amounts exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCents('0.10') + toCents('0.20')).toBe(toCents('0.30'));
    expect(centsToDecimal(toCents('1,234.5') + toCents(0.05))).toBe('1234.55');
    expect(centsToNumber(toCents('19999999.99') * 3)).toBe(59999999.97);
  });

  it('reads database decimals and API numbers, and refuses anything else', () => {
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('-0.07')).toBe(-7);
    expect(toCents(975)).toBe(97500);
    expect(decimalToNumber('5000.00')).toBe(5000);
    expect(decimalToNumber(null)).toBe(0);
    expect(() => toCents('1.005')).toThrowError(RangeError);
    expect(() => toCents('KES 5')).toThrowError(RangeError);
    expect(() => toCents('')).toThrowError(RangeError);
  });

  it('refuses to write a fraction of a cent', () => {
    expect(centsToDecimal(-250)).toBe('-2.50');
    expect(() => centsToDecimal(0.1 + 0.2)).toThrowError(/not a whole number of cents/);
    expect(() => centsToDecimal(100 * 1.15)).toThrowError(RangeError); // 114.99999999999999
    expect(() => centsToDecimal(Number.NaN)).toThrowError(RangeError);
  });
});
