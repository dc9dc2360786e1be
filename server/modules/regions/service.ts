/** Regions: the list every signed-in user reads, and an administrator's new region. */
import { asc } from 'drizzle-orm';
import type * as v from 'valibot';
import type { regionSchema } from '../../../src/domain/reference-data';
import { adminText } from '../../../src/i18n/admin';
import type { Db, Tx } from '../../db/client';
import { regions } from '../../db/schema';
import { recordAudit } from '../audit/service';
import { createdOrConflict } from '../business-records/service';

export function listRegions(db: Db) {
  return db.select().from(regions).orderBy(asc(regions.name));
}

export async function createRegion(
  tx: Tx,
  actorUserId: number,
  input: v.InferOutput<typeof regionSchema>,
) {
  const insert = tx.insert(regions).values(input).onConflictDoNothing().returning();
  const created = await createdOrConflict(insert, adminText.regionExists);
  await recordAudit(tx, {
    actorUserId,
    action: 'region.create',
    subjectType: 'region',
    subjectId: created.id,
    details: { name: created.name },
  });
  return created;
}
