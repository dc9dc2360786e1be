/**
 * The date of birth travels as YYYY-MM-DD (a calendar day, no time zone) and is typed
 * the Kenyan way, day first: 12/04/1990, 12-04-1990 or 12.4.1990; 1990-04-12 works too.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function formatIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  const valid =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return valid ? date : null;
}

/** YYYY-MM-DD → the local day, or null. */
export function parseIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? localDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** What an agent types into the date of birth input, day first. */
export function parseDateOfBirth(value: string): Date | null {
  const text = value.trim();
  const iso = parseIsoDate(text);
  if (iso) return iso;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return match ? localDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** Borrowers are at least 18 (the server checks the same). */
export function latestBirthDate(today = new Date()): Date {
  return new Date(today.getFullYear() - 18, today.getMonth(), today.getDate());
}
