/**
 * Building blocks for form and request schemas: a missing field reads like an empty
 * one, every text has a maximum length and every number a range, so that forms and
 * server agree and nothing a client sends can overflow a column (docs/architecture.md §3).
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { LIST_LIMIT, MAX_PAGE, MAX_PAGE_LIMIT, wholeNumberPattern } from './paging';

export { MAX_PAGE, MAX_PAGE_LIMIT } from './paging';

const label = inputText.labels;

/** Longest texts, shared by forms and server. */
export const MAX_LENGTH = {
  name: 100,
  /** A person's whole name in one field (an administrator's). */
  fullName: 200,
  businessName: 200,
  email: 254,
  phone: 20,
  idNumber: 30,
  paybill: 10,
  loanCode: 20,
  password: 200,
  token: 200,
  description: 500,
  reason: 1000,
  comment: 2000,
} as const;

/**
 * An M-Pesa paybill number: digits only, at least MIN_PAYBILL_DIGITS. One rule for the
 * lender profile and Register Business (at least 5 digits), each with its own sentence
 * ("Paybill Number is required" stays the message for a missing one).
 */
export const MIN_PAYBILL_DIGITS = 5;

export function paybillNumber(message: string) {
  return v.pipe(
    requiredString(message),
    v.trim(),
    v.regex(/^\d+$/, message),
    maxLengthOf(label.paybillNumber, MAX_LENGTH.paybill),
    // 0600100 is the paybill 600100: kept without its zeros, it cannot register twice.
    v.transform(normalizePaybill),
    v.regex(new RegExp(`^\\d{${MIN_PAYBILL_DIGITS},}$`), message),
  );
}

/**
 * A paybill (shortcode) as it is stored and matched: digits without leading zeros, so
 * "0600100" and "600100" are one paybill. Anything else is answered as given.
 */
export function normalizePaybill(paybill: string): string {
  return /^\d+$/.test(paybill) ? paybill.replace(/^0+(?=\d)/, '') : paybill;
}

/** A string that must be present and non-empty; `message` is shown in both cases. */
export function requiredString(message: string) {
  return v.pipe(v.optional(v.string(message), ''), v.nonEmpty(message));
}

/**
 * At most `max` characters; `label` names the field in the sentence. The sentences that
 * write a number are written when a value breaks the rule, not when the schema is made:
 * formatting a number loads the browser's locale data, which no page should pay for while
 * it loads (about 9 ms of a login page's start on this machine, 90 ms on a slow phone).
 */
export function maxLengthOf(label: string, max: number) {
  return v.maxLength<string, number, () => string>(max, () => inputText.tooLong(label, max));
}

/** At most two decimals (cents), allowing for binary fractions: 0.1 + 0.2 is 0.3 here. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** In steps of 0.1 (percent fields), allowing for binary fractions. */
export function isInTenths(value: number): boolean {
  return Number.isInteger(Math.round(value * 10 * 1e6) / 1e6);
}

/**
 * The checks above as the API document states them (multipleOf): a check is a function
 * the JSON Schema converter cannot read, so server/lib/validation.ts looks them up here.
 */
export const documentedSteps = new Map<(value: number) => boolean, number>([
  [hasAtMostTwoDecimals, 0.01],
  [isInTenths, 0.1],
]);

/**
 * A whole number written as text (query string, path), within [min, max], else `message`:
 * plain digits without a leading zero, so the pattern the API document shows is exactly
 * what the server takes ("01", "1e3" and "0x10" are refused alike).
 */
export function wholeNumberText(min: 1, max: number, message: string | (() => string)) {
  return v.pipe(
    v.string(message),
    v.regex(new RegExp(wholeNumberPattern(max)), message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/** The `page` of a paged list, 1 to MAX_PAGE. */
export const pageText = wholeNumberText(1, MAX_PAGE, () =>
  inputText.wholeNumberRange(label.page, 1, MAX_PAGE),
);

/** The `limit` of a paged list, 1 to MAX_PAGE_LIMIT. */
export const limitText = wholeNumberText(1, MAX_PAGE_LIMIT, () =>
  inputText.wholeNumberRange(label.limit, 1, MAX_PAGE_LIMIT),
);

/**
 * The optional paging of a list that grows without bound: without `page` the whole list
 * answers, as clients written for the unpaged list expect; with it, that page (`limit` rows, 50 unless
 * told) and the whole list's length in X-Total-Count.
 */
export const listPageQuerySchema = v.object({
  page: v.optional(pageText),
  limit: v.optional(limitText, String(LIST_LIMIT)),
});
