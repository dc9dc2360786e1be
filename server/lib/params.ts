/** Route parameter schemas shared by every module. */
import * as v from 'valibot';
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
