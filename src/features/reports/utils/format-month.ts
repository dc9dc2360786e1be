/** "2026-11" → "Nov 2026": user growth shows short month and year. */
const monthFormat = new Intl.DateTimeFormat('en-KE', { month: 'short', year: 'numeric' });

export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return monthFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, 1));
}
