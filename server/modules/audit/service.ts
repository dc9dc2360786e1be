/** The audit log of administrators' actions: who did what, to whom, when. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditEntry = {
  /** Null when no person acted now (M-Pesa's answer settling what an admin started). */
  actorUserId: number | null;
  action: string;
  subjectType: string;
  subjectId: number;
  details?: Record<string, unknown>;
};

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}

export async function listAudit(tx: Tx, options: { limit: number; offset: number }) {
  // A lender by its email; a region, business type or admin by the name the entry kept.
  const subject = sql<string | null>`coalesce(
    (select email from users s where s.id = ${auditLog.subjectId} and ${auditLog.subjectType} = 'lender'),
    ${auditLog.details} ->> 'name'
  )`;
  const rows = await tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      subjectEmail: subject,
      details: auditLog.details,
      at: auditLog.at,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(auditLog);
  return { data: rows, total: count?.total ?? 0 };
}
