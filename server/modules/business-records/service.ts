/**
 * What the services of a business's named records (areas, repayment cycles) share: a name
 * is unique within its business (the tables' unique indexes), so an insert that conflicts
 * adds nothing and answers 409. Each module keeps its own SQL, typed by its table.
 */
import { conflict } from '../../lib/http-error';

/** The row an `insert … on conflict do nothing returning` added; none answers 409 with `exists`. */
export async function createdOrConflict<Row>(insert: PromiseLike<Row[]>, exists: string) {
  const [created] = await insert;
  if (!created) throw conflict(exists);
  return created;
}
