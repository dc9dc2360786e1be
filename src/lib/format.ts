/**
 * Formatting at the edge: KES with 2 decimals, "Ksh"
 * in loan tables, short dates, percentages, status words and "N/A", in the phone's language
 * (src/i18n/language.ts). Kiswahili ('sw-KE') groups thousands and marks decimals as Kenyan
 * English does (KES 1,234.50); its dates put the day first and name months and days in
 * Kiswahili (22 Ago 2026). Amounts arrive from the API as numbers (or numeric strings) with at
 * most 2 decimals.
 */
import { commonText } from '../i18n/common';
import { appLanguage, intlLocale } from '../i18n/language';

type Amount = number | string | null | undefined;
type DateInput = Date | string | number | null | undefined;

const locale = intlLocale();
// Dates read in Kenyan time wherever the device is (and match the server's Nairobi
// calendar: due dates, fines): a lender abroad sees the day the borrower sees.
const timeZone = 'Africa/Nairobi';

/**
 * A page's first Intl formatter loads the runtime's locale data: about 200 ms on a phone 4×
 * slower than a laptop, once per page load, whichever locale or format. The amounts, counts
 * and dates the agent's first screens show are written here instead, exactly as Intl writes
 * them in en-KE and sw-KE (tests/unit/format.test.ts compares the two over many values);
 * percentages, and values outside what is written here, still go to Intl, whose formatters
 * are made at their first use, not when this module loads.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const moneyFormat = once(
  () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const countFormat = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const percentFormat = once(
  () =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }),
);
// English short dates read "Nov 22, 2026"; Kiswahili puts the day first.
const dateFormat = once(
  () =>
    new Intl.DateTimeFormat(appLanguage() === 'sw' ? locale : 'en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }),
);
const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }),
);

/**
 * A number ≥ 0 with exactly `decimals` decimals and its thousands grouped ("1,234.50"), as
 * Intl writes it in en-KE and sw-KE: Intl rounds the number's shortest decimal form (what
 * String() gives) half away from zero, so 1.005 is "1.01" where toFixed(2) says "1.00".
 * Null for a number String() writes with an exponent (below 1e-6 or from 1e21): Intl's.
 */
export function decimalText(n: number, decimals: number): string | null {
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  if (!parts) return null;
  const fraction = `${parts[2] ?? ''}${'0'.repeat(decimals + 1)}`;
  let scaled = BigInt(`${parts[1]}${fraction.slice(0, decimals)}`);
  if (fraction.charAt(decimals) >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  return decimals ? `${whole}.${digits.slice(-decimals)}` : whole;
}

/**
 * Short month names as Intl writes them: en-US in English dates, en-KE (September is
 * "Sept") in English dates with a time, sw-KE in Kiswahili.
 */
const shortMonths = {
  enUS: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  enKE: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
} as const;
/** Nairobi has kept UTC+3 with no summer time since 1942; dates before 1960 go to Intl. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const NAIROBI_FIXED_SINCE = Date.UTC(1960, 0, 1);

/** The date's day, month name, year, hours and minutes in Nairobi; null before 1960. */
function nairobiParts(date: Date, months: readonly string[]) {
  const time = date.getTime();
  if (time < NAIROBI_FIXED_SINCE || time > 8.64e15 - NAIROBI_OFFSET_MS) return null;
  const local = new Date(time + NAIROBI_OFFSET_MS);
  const year = local.getUTCFullYear();
  if (year > 9999) return null;
  return {
    day: local.getUTCDate(),
    month: months[local.getUTCMonth()]!,
    year,
    time: `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`,
  };
}

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function withPrefix(prefix: string, value: Amount): string {
  const n = toNumber(value);
  if (n === null) return commonText.notAvailable;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${prefix} ${decimalText(abs, 2) ?? moneyFormat().format(abs)}`;
}

/** "KES 1,234.50"; "N/A" when the amount is missing or not a number. */
export function formatKes(amount: Amount): string {
  return withPrefix('KES', amount);
}

/** "Ksh 1,234.50", the prefix loan tables use. */
export function formatKsh(amount: Amount): string {
  return withPrefix('Ksh', amount);
}

/** A whole count with thousands grouped: "12,345". */
export function formatCount(value: Amount): string {
  const n = toNumber(value) ?? 0;
  const text = decimalText(Math.abs(n), 0);
  if (text === null) return countFormat().format(n);
  // Intl keeps the sign of what rounds to zero: -0.4 is "-0".
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}

/** 12.5 → "12.50%", 1.23456 → "1.2346%" (value divided by 100, 2 to 4 decimals). */
export function formatPercent(value: Amount): string {
  const n = toNumber(value);
  return n === null ? commonText.notAvailable : percentFormat().format(n / 100);
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare calendar date is a local day, not midnight UTC.
  const dateOnly = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026" ("22 Nov 2026" in Kiswahili); "N/A" when missing or invalid. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return commonText.notAvailable;
  const sw = appLanguage() === 'sw';
  const at = nairobiParts(date, sw ? shortMonths.sw : shortMonths.enUS);
  if (!at) return dateFormat().format(date);
  return sw ? `${at.day} ${at.month} ${at.year}` : `${at.month} ${at.day}, ${at.year}`;
}

/** Day, short month, year, hour and minute, in Kenyan time; "N/A" when missing. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return commonText.notAvailable;
  const at = nairobiParts(date, appLanguage() === 'sw' ? shortMonths.sw : shortMonths.enKE);
  return at ? `${at.day} ${at.month} ${at.year}, ${at.time}` : dateTimeFormat().format(date);
}

/** "written_off" → "Written Off" (status names are shown capitalised by word). */
export function capitalizeWords(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A loan's status as the screens write it ("written_off" → "Written Off"); "N/A" when missing. */
export function loanStatusLabel(status: string | null | undefined): string {
  if (!status) return commonText.notAvailable;
  const labels: Record<string, string | undefined> = commonText.loanStatuses;
  return labels[status] ?? capitalizeWords(status);
}

/** A borrower's status as the screens write it ("flagged" → "Flagged"). */
export function borrowerStatusLabel(status: string): string {
  const labels: Record<string, string | undefined> = commonText.borrowerStatuses;
  return labels[status.toLowerCase()] ?? capitalizeWords(status);
}

/** The value as text, or "N/A" when it is missing or blank. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return commonText.notAvailable;
  const text = String(value);
  return text.trim() === '' ? commonText.notAvailable : text;
}
