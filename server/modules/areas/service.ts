/** Areas of a lender business: a lender's new area, and a business's areas by name. */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { areaSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import type { Db, Tx } from '../../db/client';
import { lenderBusinessAreas } from '../../db/schema';
import { conflict } from '../../lib/http-error';

export async function createArea(
  tx: Tx,
  lenderBusinessId: number,
  input: v.InferOutput<typeof areaSchema>,
) {
  const [created] = await tx
    .insert(lenderBusinessAreas)
    .values({ ...input, lenderBusinessId })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(setupText.areaExists);
  return created;
}

export function areasOfBusiness(db: Db, lenderBusinessId: number) {
  return db
    .select()
    .from(lenderBusinessAreas)
    .where(eq(lenderBusinessAreas.lenderBusinessId, lenderBusinessId))
    .orderBy(asc(lenderBusinessAreas.name));
}
