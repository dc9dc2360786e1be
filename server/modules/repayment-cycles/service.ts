/** Repayment cycles of a business: a lender's new cycle, and a business's cycles, shortest first. */
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { repaymentCycleSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import type { Db, Tx } from '../../db/client';
import { repaymentCycles } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import { createdOrConflict } from '../business-records/service';

/** Adds a cycle to one of the lender's businesses (409 when the business has the name). */
export async function createRepaymentCycle(
  tx: Tx,
  user: AuthUser,
  input: v.InferOutput<typeof repaymentCycleSchema>,
) {
  const business = await businessFor(tx, user, input.lenderBusinessId, { lenderOnly: true });
  const values = { ...input, lenderBusinessId: business.id };
  const insert = tx.insert(repaymentCycles).values(values).onConflictDoNothing().returning();
  return createdOrConflict(insert, setupText.cycleExists);
}

export function cyclesOfBusiness(db: Db, lenderBusinessId: number) {
  return db
    .select()
    .from(repaymentCycles)
    .where(eq(repaymentCycles.lenderBusinessId, lenderBusinessId))
    .orderBy(asc(repaymentCycles.days), asc(repaymentCycles.name));
}
