/**
 * Phone numbers as people type them: `0712 345 678`, `+254 712 345 678`, `0712-345-678`
 * and `(0712) 345.678` are one number. Every phone field (forms and server, through the
 * shared schemas) takes out the separators before it checks anything.
 *
 * Kenyan mobile numbers (Safaricom, Airtel, Telkom): 07XXXXXXXX, 01XXXXXXXX, +2547…,
 * 2547…, +2541…, 2541… are accepted and stored as 2547XXXXXXXX / 2541XXXXXXXX — the
 * form M-Pesa expects.
 */
import * as v from 'valibot';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { inputText } from '../i18n/input';

const KENYAN_MOBILE = /^(?:\+?254|0)?([17]\d{8})$/;

/** Spaces, dashes, dots and brackets people put between the digits. */
const SEPARATORS = /[\s\-.()]/g;

export function compactPhone(input: string): string {
  return input.replace(SEPARATORS, '');
}

export function normalizeKenyanPhone(input: string): string | null {
  const compact = compactPhone(input);
  const match = KENYAN_MOBILE.exec(compact);
  if (!match) return null;
  // A bare 9-digit number (712345678) is accepted too: the leading 0 is often dropped.
  return `254${match[1]}`;
}

/** 254712345678 → 0712345678, the way it is typed (a phone field's value, 10 digits). */
export function localKenyanPhone(normalized: string | null | undefined): string {
  if (!normalized) return '';
  return normalized.startsWith('254') ? `0${normalized.slice(3)}` : normalized;
}

/** 254712345678 → 0712 345 678, as Kenyans write it. */
export function formatKenyanPhone(normalized: string): string {
  const local = localKenyanPhone(normalized);
  return local.length === 10
    ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`
    : local;
}

/** A person's contact number: an optional plus and 10 to 15 digits. */
const CONTACT_PHONE = /^\+?\d{10,15}$/;

/**
 * A lender's or agent's phone number: required (`required`), separators taken out, then
 * CONTACT_PHONE (`invalid`). Stored as typed without the separators.
 */
export function contactPhone(required: string, invalid: string) {
  return v.pipe(
    requiredString(required),
    v.trim(),
    v.nonEmpty(required),
    maxLengthOf(inputText.labels.phoneNumber, MAX_LENGTH.phone),
    v.transform(compactPhone),
    v.regex(CONTACT_PHONE, invalid),
  );
}
