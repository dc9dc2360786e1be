/** The administrators' profiles: read, and name and email saved. */
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AuditPage } from '../../../src/domain/admin';
import type { adminProfileSchema } from '../../../src/domain/reference-data';
import { adminText } from '../../../src/i18n/admin';
import type { Tx } from '../../db/client';
import { admins, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { listAudit, recordAudit } from '../audit/service';

export async function findAdmin(db: Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: admins.name, email: users.email, role: users.role })
    .from(admins)
    .innerJoin(users, eq(users.id, admins.id))
    .where(eq(admins.id, id));
  return row;
}

/** Saves the name and the (checked, free) email, audited; answers the saved profile. */
export async function saveAdminProfile(
  tx: Tx,
  actorUserId: number,
  existing: { id: number; email: string },
  input: v.InferOutput<typeof adminProfileSchema> & { email: string },
) {
  const { id } = existing;
  const { email } = input;
  if (email !== existing.email) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw conflict(adminText.emailTaken);
    await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id));
  }
  await tx.update(admins).set({ name: input.name, updatedAt: new Date() }).where(eq(admins.id, id));
  await recordAudit(tx, {
    actorUserId,
    action: 'admin.update',
    subjectType: 'admin',
    subjectId: id,
    details: { name: input.name || email },
  });
  const saved = await findAdmin(tx, id);
  if (!saved) throw notFound(adminText.adminNotFound);
  return saved;
}

/**
 * A page of the audit log; its details are the JSON each action recorded (a lender's
 * status change carries from, to and the reason).
 */
export async function auditPage(db: Tx, options: { limit: number; offset: number }) {
  const page = await listAudit(db, options);
  return {
    ...page,
    data: page.data.map((entry) => ({
      ...entry,
      details: entry.details as AuditPage['data'][number]['details'],
    })),
  };
}
