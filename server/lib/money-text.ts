import { centsToDecimal, type Cents } from '../../src/domain/money';

/** 123450 → "KES 1,234.50", for sentences the server writes. */
export function formatKesText(cents: Cents): string {
  return `KES ${Number(centsToDecimal(cents)).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
