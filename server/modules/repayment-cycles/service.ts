/** Repayment cycles of a business: a lender's new cycle, and a business's cycles, shortest first. */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { repaymentCycleSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import type { Db, Tx } from '../../db/client';
import { repaymentCycles } from '../../db/schema';
import { conflict } from '../../lib/http-error';

export async function createRepaymentCycle(
  tx: Tx,
  lenderBusinessId: number,
  input: v.InferOutput<typeof repaymentCycleSchema>,
) {
  const [created] = await tx
    .insert(repaymentCycles)
    .values({ ...input, lenderBusinessId })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(setupText.cycleExists);
  return created;
}

export function cyclesOfBusiness(db: Db, lenderBusinessId: number) {
  return db
    .select()
    .from(repaymentCycles)
    .where(eq(repaymentCycles.lenderBusinessId, lenderBusinessId))
    .orderBy(asc(repaymentCycles.days), asc(repaymentCycles.name));
}
