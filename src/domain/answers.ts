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

/** How many of something there are. */
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** An amount of shillings (two decimals at most). */
export const amount = v.number();

/** The answer of a write that only confirms: { message }. */
export const messageAnswer = v.object({ message: v.string() });

/** What a client reads from a messageAnswer. */
export type MessageAnswer = v.InferOutput<typeof messageAnswer>;

/** The answer of a write that returns what it wrote: { message, data }. */
export function answerWith<S extends v.GenericSchema>(data: S) {
  return v.object({ message: v.string(), data });
}

/** What a client reads from `answerWith(view)`: the output of the route's own schema. */
export type AnswerWith<S extends v.GenericSchema> = v.InferOutput<ReturnType<typeof answerWith<S>>>;

/** One page of a list: its rows, and how many rows the whole list has. */
export function pageOf<S extends v.GenericSchema>(row: S) {
  return v.object({ data: v.array(row), total: count });
}

/** How many there are of each status (every status named, 0 when none has it). */
export function countsBy<const K extends string>(statuses: readonly K[]) {
  return v.object(
    Object.fromEntries(statuses.map((status) => [status, count])) as Record<K, typeof count>,
  );
}

/**
 * A free-form object (a recorded detail) with the fields a screen reads named. Not
 * `looseObject`: the serialiser would send `{}` for that; with a rest schema it sends
 * every field.
 */
export function freeForm<E extends v.ObjectEntries>(entries: E) {
  return v.objectWithRest(entries, v.unknown());
}
