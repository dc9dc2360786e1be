/** Lender business types: the list everyone signed in reads, and the administrators' changes. */
import { asc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { businessTypeSchema } from '../../../src/domain/reference-data';
import { adminText } from '../../../src/i18n/admin';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, lenderBusinessTypes } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';
import { createdOrConflict } from '../business-records/service';

type BusinessTypeInput = v.InferOutput<typeof businessTypeSchema>;
type Actor = { id: number; email: string };

/** Business-type changes go to the audit log, named, for Recent Activity. */
function audit(tx: Tx, actor: Actor, action: string, type: { id: number; name: string }) {
  return recordAudit(tx, {
    actorUserId: actor.id,
    action,
    subjectType: 'business_type',
    subjectId: type.id,
    details: { name: type.name },
  });
}

export function listBusinessTypes(db: Db) {
  return db.select().from(lenderBusinessTypes).orderBy(asc(lenderBusinessTypes.name));
}

export async function createBusinessType(tx: Tx, actor: Actor, input: BusinessTypeInput) {
  const insert = tx
    .insert(lenderBusinessTypes)
    .values({ ...input, createdByEmail: actor.email })
    .onConflictDoNothing()
    .returning();
  const created = await createdOrConflict(insert, adminText.typeExists);
  await audit(tx, actor, 'business_type.create', created);
  return created;
}

export async function updateBusinessType(
  tx: Tx,
  actor: Actor,
  id: number,
  input: BusinessTypeInput,
) {
  const [updated] = await tx
    .update(lenderBusinessTypes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(lenderBusinessTypes.id, id))
    .returning();
  if (!updated) throw notFound(adminText.typeNotFound);
  await audit(tx, actor, 'business_type.update', updated);
  return updated;
}

/** Refuses a type some business uses, and the last type of kind individual. */
export async function deleteBusinessType(tx: Tx, actor: Actor, id: number) {
  const [type] = await tx
    .select()
    .from(lenderBusinessTypes)
    .where(eq(lenderBusinessTypes.id, id))
    .for('update');
  if (!type) throw notFound(adminText.typeNotFound);
  const [usage] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.lenderBusinessTypeId, type.id));
  if (usage && usage.count > 0) throw conflict(adminText.typeInUse(usage.count));
  if (type.businessType === 'individual') {
    const [individuals] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(lenderBusinessTypes)
      .where(eq(lenderBusinessTypes.businessType, 'individual'));
    if ((individuals?.count ?? 0) <= 1) throw conflict(adminText.lastIndividualType);
  }
  await tx.delete(lenderBusinessTypes).where(eq(lenderBusinessTypes.id, type.id));
  await audit(tx, actor, 'business_type.delete', type);
}
