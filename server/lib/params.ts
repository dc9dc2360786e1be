/** Route parameter schemas shared by every module. */
import { timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { notFound } from './http-error';
import { schemaOf } from './validation';

const NOT_FOUND = 'Not found.';

/** A positive whole number in the path: /things/:id. */
export const positiveId = v.pipe(
  v.string(NOT_FOUND),
  v.regex(/^\d{1,15}$/, NOT_FOUND),
  v.transform(Number),
  v.minValue(1, NOT_FOUND),
);

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
