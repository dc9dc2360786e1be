/**
 * What the services of records that are unique by their table's index share: an area's or
 * a repayment cycle's name within its business, a region's or a business type's name
 * (whatever its case), an agent's place in a business. An insert that conflicts adds
 * nothing and answers 409. Each module keeps its own SQL, typed by its table.
 */
import { conflict } from '../../lib/http-error';

/** The row an `insert … on conflict do nothing returning` added; none answers 409 with `exists`. */
export async function createdOrConflict<Row>(insert: PromiseLike<Row[]>, exists: string) {
  const [created] = await insert;
  if (!created) throw conflict(exists);
  return created;
}
