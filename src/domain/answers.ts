/**
 * Building blocks of the API's answers (docs/architecture.md §3). Each endpoint's answer
 * is a valibot schema in src/domain: the server serialises and documents it
 * (`responseOf` in server/lib/validation.ts) and the client types what it reads with
 * `v.InferOutput`, so the two cannot drift apart.
 */
import * as v from 'valibot';

/** A row id (bigint columns read as numbers). */
export const idValue = v.pipe(v.number(), v.integer());

/** An instant, as ISO 8601 in UTC (the server hands over a Date). */
export const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A calendar day, YYYY-MM-DD. */
export const calendarDay = v.pipe(v.string(), v.isoDate());

/** An amount of shillings (two decimals at most). */
export const amount = v.number();

/** The answer of a write that only confirms: { message }. */
export const messageAnswer = v.object({ message: v.string() });

/** The answer of a write that returns what it wrote: { message, data }. */
export function answerWith<S extends v.GenericSchema>(data: S) {
  return v.object({ message: v.string(), data });
}
