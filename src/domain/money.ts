/**
 * Money is KES, computed in integer cents (docs/architecture.md §4). The database stores
 * numeric(14,2) and the API carries numbers with at most two decimals; conversions
 * happen only at those edges.
 */

export type Cents = number;

/** "1234.5", 1234.5 or "1,234.50" → 123450. Refuses more than two decimals. */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.replace(/,/g, '').trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount of money: ${String(value)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount too large: ${String(value)}`);
  return match[1] ? -cents : cents;
}

/** 123450 → "1234.50", for numeric(14,2) columns. A fraction of a cent is a bug: refused. */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123450 → 1234.5, for JSON answers. */
export function centsToNumber(cents: Cents): number {
  return Number(centsToDecimal(cents));
}

/** numeric(14,2) text from the database → a JSON number. */
export function decimalToNumber(value: string | null | undefined): number {
  return value == null ? 0 : centsToNumber(toCents(value));
}

/** 123450 → "KES 1,234.50", for sentences the server writes (and the statement's disclosure). */
export function formatKesText(cents: Cents): string {
  return `KES ${Number(centsToDecimal(cents)).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
