/**
 * The platform's settings (one row): for now the threshold from which the riskiest admin acts
 * wait for a second administrator. Every administrator reads them; the super admin alone
 * changes them, audit-logged.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlatformSettings } from '../../../src/domain/approvals';
import { centsToDecimal, decimalToNumber, toCents, type Cents } from '../../../src/domain/money';
import { adminRoles } from '../../../src/domain/roles';
import { approvalsText } from '../../../src/i18n/approvals';
import type { Tx } from '../../db/client';
import { platformSettings, users } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';

const SETTINGS_ID = 1;

// Any constant: setting a threshold and deactivating an administrator take turns.
const ACTIVE_ADMINISTRATORS_LOCK_KEY = 7_315_031;

/**
 * Held until the transaction ends: a threshold set while an administrator is deactivated (or
 * two deactivated at once) could otherwise each see two active administrators and leave one.
 */
export async function lockActiveAdministrators(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVE_ADMINISTRATORS_LOCK_KEY})`);
}

/** How many administrators (super admin included) are active. */
export async function activeAdministratorCount(tx: Tx): Promise<number> {
  const [admins] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.role, [...adminRoles]), eq(users.status, 'active')));
  return admins?.count ?? 0;
}

export async function readSettings(tx: Tx): Promise<PlatformSettings> {
  const [row] = await tx
    .select({
      secondApprovalFrom: platformSettings.secondApprovalFrom,
      updatedBy: users.email,
      updatedAt: platformSettings.updatedAt,
    })
    .from(platformSettings)
    .leftJoin(users, eq(users.id, platformSettings.updatedByUserId))
    .where(eq(platformSettings.id, SETTINGS_ID));
  return {
    secondApprovalFrom:
      row?.secondApprovalFrom == null ? null : decimalToNumber(row.secondApprovalFrom),
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

/** From this amount on (cents) an act waits for a second administrator; null: never. */
export async function secondApprovalThreshold(tx: Tx): Promise<Cents | null> {
  const [row] = await tx
    .select({ from: platformSettings.secondApprovalFrom })
    .from(platformSettings)
    .where(eq(platformSettings.id, SETTINGS_ID));
  return row?.from == null ? null : toCents(row.from);
}

/**
 * The super admin sets the threshold (whole shillings, or null). A threshold with only one
 * active administrator would leave every act above it waiting for nobody: refused.
 */
export async function saveSettings(
  tx: Tx,
  actor: AuthUser,
  input: { secondApprovalFrom: number | null },
): Promise<PlatformSettings> {
  if (actor.role !== 'super_admin') throw forbidden(approvalsText.superAdminOnly);
  const from = input.secondApprovalFrom === null ? null : input.secondApprovalFrom * 100;
  if (from !== null) {
    await lockActiveAdministrators(tx);
    if ((await activeAdministratorCount(tx)) < 2) throw conflict(approvalsText.needTwoAdmins);
  }
  const before = await secondApprovalThreshold(tx);
  const values = {
    secondApprovalFrom: from === null ? null : centsToDecimal(from),
    updatedByUserId: actor.id,
    updatedAt: new Date(),
  };
  await tx
    .insert(platformSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: platformSettings.id, set: values });
  const describe = (cents: Cents | null) => (cents === null ? 'off' : formatKesText(cents));
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: 'settings.second_approval',
    subjectType: 'platform_settings',
    subjectId: SETTINGS_ID,
    details: {
      name: 'Second approval threshold',
      from: describe(before),
      to: describe(from),
      by: actor.email,
    },
  });
  return readSettings(tx);
}
