/**
 * Paging of lists that grow without bound (the README's bounds: page 1 to 1,000,000, limit
 * 1 to 100): the numbers the query schemas of src/domain use, and a light reader of a page
 * for the agent's working set, which answers the same pages on the phone.
 */
export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_LIMIT = 100;
/** Rows of a page when `limit` is not given: most lists, and the loan lists. */
export const LIST_LIMIT = 50;
export const LOAN_LIST_LIMIT = 10;

/**
 * The pattern of the whole numbers from 1 to `max` written plainly (no sign, no leading
 * zero), for a `max` of the form 10^k or 10^k − 1 (a page, a limit, an id): the regex the
 * schemas check and the API document shows, so both say the same.
 */
export function wholeNumberPattern(max: number): string {
  const digits = String(max).length;
  if (/^9+$/.test(String(max))) return `^[1-9]\\d{0,${digits - 1}}$`;
  if (/^10+$/.test(String(max)))
    return `^(?:[1-9]\\d{0,${digits - 2}}|1${'0'.repeat(digits - 1)})$`;
  throw new RangeError(`no plain pattern for 1 to ${max}`);
}

function wholeNumber(text: string | undefined, max: number): number | undefined | null {
  if (text === undefined) return undefined;
  if (!new RegExp(wholeNumberPattern(max)).test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/**
 * The page asked for in a query (`page`, `limit` as text), as the query schemas read it;
 * null when it is not a page the server would take.
 */
export function pageOfQuery(
  query: Record<string, string>,
  defaultLimit: number,
): { page?: number; limit: number } | null {
  const page = wholeNumber(query.page, MAX_PAGE);
  const limit = wholeNumber(query.limit, MAX_PAGE_LIMIT);
  if (page === null || limit === null) return null;
  return page === undefined
    ? { limit: limit ?? defaultLimit }
    : { page, limit: limit ?? defaultLimit };
}
