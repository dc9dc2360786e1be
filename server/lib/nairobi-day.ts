/**
 * Calendar days in Africa/Nairobi (UTC+3 all year, no daylight saving), which the fines
 * job, CRB notices and files, and the SMS quiet hours all count by.
 */
const DAY_MS = 86_400_000;
const NAIROBI_OFFSET_MS = 3 * 3600_000;

/** The last instant of a Nairobi calendar day ('2026-12-01' → 2026-12-01T20:59:59.999Z). */
export function endOfNairobiDay(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  return new Date(Date.parse(`${day}T00:00:00Z`) - NAIROBI_OFFSET_MS + DAY_MS - 1);
}

export function nairobiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}
