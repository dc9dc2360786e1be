/** Building blocks for form schemas: a missing field reads like an empty one. */
import * as v from 'valibot';

/** A string that must be present and non-empty; `message` is shown in both cases. */
export function requiredString(message: string) {
  return v.pipe(v.optional(v.string(message), ''), v.nonEmpty(message));
}
