/** Route parameter schemas shared by every module. */
import { timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { MAX_ID, positiveId } from '../../src/domain/lender-profile';
import { wholeNumberPattern } from '../../src/domain/paging';
import { notFound } from './http-error';
import { schemaOf } from './validation';

const NOT_FOUND = 'Not found.';

/**
 * The one rule for a path id (/things/:id): a whole number from 1 to MAX_ID, written
 * plainly. Anything else (0, -1, 1.5, 01, abc) is refused with the same 400 on every
 * route, before any look-up; an id of that form that names no record of yours is a 404.
 */
export const ID_PATTERN = wholeNumberPattern(MAX_ID);

export { positiveId };

export function idParamsSchema<const K extends string>(...names: K[]) {
  return schemaOf(
    v.object(
      Object.fromEntries(names.map((name) => [name, positiveId])) as Record<K, typeof positiveId>,
    ),
  );
}

/**
 * The secret segment of a callback path (/mpesa/callback/:secret/…, /sms/callback/:secret/…):
 * only M-Pesa and Africa's Talking, told the full URL, know it.
 */
export const secretParamsSchema = schemaOf(v.object({ secret: v.string(NOT_FOUND) }));

/**
 * A check of that segment for a callback route's onRequest: a wrong one answers 404, as
 * an unknown path does; compared in constant time, so it cannot be guessed byte by byte.
 */
export function secretSegmentCheck(secret: string): (given: string) => void {
  const expected = Buffer.from(secret);
  return (given) => {
    const bytes = Buffer.from(given);
    if (bytes.length !== expected.length || !timingSafeEqual(bytes, expected)) {
      throw notFound(NOT_FOUND);
    }
  };
}
