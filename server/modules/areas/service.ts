/** Areas of a lender business: a lender's new area, and a business's areas by name. */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { areaSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import type { Db, Tx } from '../../db/client';
import { lenderBusinessAreas } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import { createdOrConflict } from '../business-records/service';

/** Adds an area to one of the lender's businesses (409 when the business has the name). */
export async function createArea(tx: Tx, user: AuthUser, input: v.InferOutput<typeof areaSchema>) {
  const business = await businessFor(tx, user, input.lenderBusinessId, { lenderOnly: true });
  const values = { ...input, lenderBusinessId: business.id };
  const insert = tx.insert(lenderBusinessAreas).values(values).onConflictDoNothing().returning();
  return createdOrConflict(insert, setupText.areaExists);
}

export function areasOfBusiness(db: Db, lenderBusinessId: number) {
  return db
    .select()
    .from(lenderBusinessAreas)
    .where(eq(lenderBusinessAreas.lenderBusinessId, lenderBusinessId))
    .orderBy(asc(lenderBusinessAreas.name));
}
