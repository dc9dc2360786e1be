/**
 * Kenyan mobile numbers (Safaricom, Airtel, Telkom): 07XXXXXXXX, 01XXXXXXXX, +2547…,
 * 2547…, +2541…, 2541… are accepted, with spaces or dashes, and stored as 2547XXXXXXXX /
 * 2541XXXXXXXX — the form M-Pesa expects.
 */
const KENYAN_MOBILE = /^(?:\+?254|0)?([17]\d{8})$/;

export function normalizeKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = KENYAN_MOBILE.exec(compact);
  if (!match) return null;
  // A bare 9-digit number (712345678) is accepted too: the leading 0 is often dropped.
  return `254${match[1]}`;
}

/** 254712345678 → 0712 345 678, as Kenyans write it. */
export function formatKenyanPhone(normalized: string): string {
  const local = normalized.startsWith('254') ? `0${normalized.slice(3)}` : normalized;
  return local.length === 10
    ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`
    : local;
}
