/**
 * The super admin's management of administrators: the list, adding one (role admin, no
 * password: the new administrator chooses one from an emailed invitation link, the reset
 * flow's single-use token), and deactivating or reactivating one. A deactivated administrator
 * cannot sign in and its sessions end at once. The route and `npm run admin:create` add an
 * administrator with the same functions. Every act is audit-logged with both names.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Administrator, NewAdministrator } from '../../../src/domain/administrators';
import { adminRoles, type AdminStatus } from '../../../src/domain/roles';
import { administratorsText as t } from '../../../src/i18n/administrators';
import type { Tx } from '../../db/client';
import { admins, userFactors, users } from '../../db/schema';
import { conflict, notFound, writtenRow } from '../../lib/http-error';
import type { Mailer } from '../../mail/mailer';
import {
  activeAdministratorCount,
  lockActiveAdministrators,
  secondApprovalThreshold,
} from '../approvals/settings';
import { recordAudit } from '../audit/service';
import { issueResetLink } from '../auth/service';
import { endUserSessions } from '../auth/sessions';

/** Who acts: a signed-in super admin, or the operator's script (no person: null). */
export type AdministratorsActor = { id: number; email: string } | null;

/** Written in the audit log's `by` when the operator's script acted. */
const OPERATOR = 'operator (npm run admin:create)';

const factorConfirmed = sql<boolean>`exists (select 1 from ${userFactors} where ${userFactors.userId} = ${users.id} and ${userFactors.confirmedAt} is not null)`;

function administratorsQuery(tx: Tx) {
  return tx
    .select({
      id: users.id,
      name: admins.name,
      email: users.email,
      role: users.role,
      status: users.status,
      secondFactor: factorConfirmed,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(admins, eq(admins.id, users.id));
}

type Row = Awaited<ReturnType<typeof administratorsQuery>>[number];

function viewOf(row: Row): Administrator {
  return {
    ...row,
    role: row.role === 'super_admin' ? 'super_admin' : 'admin',
    status: row.status === 'deactivated' ? 'deactivated' : 'active',
    secondFactor: Boolean(row.secondFactor),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every administrator of the platform, the super admin first, then by when they were added. */
export async function listAdministrators(tx: Tx): Promise<Administrator[]> {
  const rows = await administratorsQuery(tx)
    .where(inArray(users.role, [...adminRoles]))
    .orderBy(sql`${users.role} = 'super_admin' desc`, asc(users.createdAt), asc(users.id));
  return rows.map(viewOf);
}

export async function findAdministrator(tx: Tx, id: number): Promise<Administrator | undefined> {
  const [row] = await administratorsQuery(tx).where(
    and(eq(users.id, id), inArray(users.role, [...adminRoles])),
  );
  return row && viewOf(row);
}

/** The name an actor has as an administrator (its email when it has none). */
async function actorName(tx: Tx, actor: AdministratorsActor): Promise<string> {
  if (!actor) return OPERATOR;
  const [row] = await tx.select({ name: admins.name }).from(admins).where(eq(admins.id, actor.id));
  return row?.name || actor.email;
}

/**
 * Creates an administrator (role admin, active, no password) and answers it with the link of
 * its invitation, to mail once the transaction committed. A taken email answers 409.
 */
export async function addAdministrator(
  tx: Tx,
  actor: AdministratorsActor,
  input: NewAdministrator,
  publicUrl: string,
): Promise<{ administrator: Administrator; link: string }> {
  const [user] = await tx
    .insert(users)
    .values({ email: input.email, role: 'admin', status: 'active' })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) throw conflict(t.emailTaken);
  await tx.insert(admins).values({ id: user.id, name: input.name });
  const link = await issueResetLink(tx, {
    userId: user.id,
    purpose: 'invite',
    type: 'admin',
    publicUrl,
  });
  await recordAudit(tx, {
    actorUserId: actor?.id ?? null,
    action: 'admin.create',
    subjectType: 'admin',
    subjectId: user.id,
    details: {
      name: input.name,
      email: input.email,
      by: actor?.email ?? OPERATOR,
      byName: await actorName(tx, actor),
    },
  });
  const administrator = writtenRow(await findAdministrator(tx, user.id), 'The administrator');
  return { administrator, link };
}

/** The invitation mail: the link sets the first password (it lasts one hour). */
export async function mailAdministratorInvitation(
  mailer: Mailer,
  invitation: { email: string; name: string; link: string; publicUrl: string },
): Promise<void> {
  await mailer.send({
    to: invitation.email,
    subject: 'You are an administrator of Mkopo',
    text:
      `Hello ${invitation.name},\n\nYou have been made an administrator of Mkopo. Open this link within one hour to choose your password:\n\n${invitation.link}\n\n` +
      `When you first sign in you will set up a second factor with an authenticator app. If the link has expired, ask for a new one at ${invitation.publicUrl}/forgot-password?type=admin.`,
    link: invitation.link,
  });
}

/**
 * The super admin deactivates or reactivates an administrator. Deactivating ends its sessions
 * at once; it is refused for oneself, for a super admin, and when a second-approval threshold
 * is set and fewer than two active administrators would remain.
 */
export async function setAdministratorStatus(
  tx: Tx,
  actor: { id: number; email: string },
  id: number,
  status: AdminStatus,
): Promise<Administrator> {
  await lockActiveAdministrators(tx);
  const [target] = await administratorsQuery(tx)
    .where(and(eq(users.id, id), inArray(users.role, [...adminRoles])))
    .for('update', { of: users });
  if (!target) throw notFound(t.notFound);
  if (status === 'deactivated') {
    if (target.id === actor.id) throw conflict(t.notYourself);
    if (target.role === 'super_admin') throw conflict(t.notSuperAdmin);
    if (target.status === 'deactivated') throw conflict(t.alreadyDeactivated);
    const threshold = await secondApprovalThreshold(tx);
    if (threshold !== null && (await activeAdministratorCount(tx)) - 1 < 2) {
      throw conflict(t.needTwoActive);
    }
  } else if (target.status === 'active') {
    throw conflict(t.alreadyActive);
  }
  await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  if (status === 'deactivated') await endUserSessions(tx, id, 'deactivated');
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: status === 'deactivated' ? 'admin.deactivate' : 'admin.reactivate',
    subjectType: 'admin',
    subjectId: id,
    details: {
      name: target.name || target.email,
      email: target.email,
      from: target.status,
      to: status,
      by: actor.email,
      byName: await actorName(tx, actor),
    },
  });
  return writtenRow(await findAdministrator(tx, id), 'The administrator');
}
