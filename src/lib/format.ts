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
const moneyFormat = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const countFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat(locale, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
// Dates read in Kenyan time wherever the device is (and match the server's Nairobi
// calendar: due dates, fines): a lender abroad sees the day the borrower sees.
const timeZone = 'Africa/Nairobi';
// English short dates read "Nov 22, 2026"; Kiswahili puts the day first.
const dateFormat = new Intl.DateTimeFormat(appLanguage() === 'sw' ? locale : 'en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone,
});
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone,
});

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
  return `${sign}${prefix} ${moneyFormat.format(Math.abs(n))}`;
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
  return countFormat.format(toNumber(value) ?? 0);
}

/** 12.5 → "12.50%", 1.23456 → "1.2346%" (value divided by 100, 2 to 4 decimals). */
export function formatPercent(value: Amount): string {
  const n = toNumber(value);
  return n === null ? commonText.notAvailable : percentFormat.format(n / 100);
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
  return date ? dateFormat.format(date) : commonText.notAvailable;
}

/** Day, short month, year, hour and minute, in Kenyan time; "N/A" when missing. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : commonText.notAvailable;
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
