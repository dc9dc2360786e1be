/**
 * Lender onboarding: the profile
 * submission that turns a New lender into a Pending one with its first business, and the
 * administrator's decisions.
 */
import { and, eq, sql } from 'drizzle-orm';
import { lenderStatuses, type LenderStatus, type UserStatus } from '../../../src/domain/roles';
import {
  identityDocumentsError,
  INDIVIDUAL_DEFAULT_LOAN_LIMIT,
  type LenderProfile,
} from '../../../src/domain/lender-profile';
import { toCents } from '../../../src/domain/money';
import { lendersText } from '../../../src/i18n/lenders';
import type { Tx } from '../../db/client';
import { lenderBusinessTypes, lenders, regions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { UploadedFile } from '../../storage/uploads';
import { recordAudit } from '../audit/service';
import { endUserSessions } from '../auth/sessions';
import { activateNewBusinesses, createBusiness } from '../businesses/service';
import { recordDocument } from '../documents/service';
import { verifyOnboardingPaybills } from '../paybills/service';

export const profileFileFields = [
  'passportPhoto',
  'idFront',
  'idBack',
  'businessLicenseUrl',
  'registrationCertificateUrl',
] as const;
type ProfileFileField = (typeof profileFileFields)[number];

/** The profile's files that are kept: an individual's business documents are ignored. */
export async function profileUploads(
  db: Tx,
  profile: LenderProfile,
  files: Map<string, UploadedFile>,
): Promise<UploadedFile[]> {
  const identityError = identityDocumentsError({
    passportPhoto: files.has('passportPhoto'),
    idFront: files.has('idFront'),
    idBack: files.has('idBack'),
  });
  if (identityError) throw badRequest(identityError);
  const type = await profileBusinessType(db, profile);
  return keptFields(type.businessType === 'individual', files).map((field) => files.get(field)!);
}

async function profileBusinessType(db: Tx, profile: LenderProfile) {
  const [type] = await db
    .select()
    .from(lenderBusinessTypes)
    .where(
      profile.hasNoBusiness
        ? eq(lenderBusinessTypes.businessType, 'individual')
        : eq(lenderBusinessTypes.id, profile.businessType),
    )
    .limit(1);
  if (!type) throw badRequest(lendersText.businessTypeRequired);
  return type;
}

function keptFields(individual: boolean, files: Map<string, UploadedFile>): ProfileFileField[] {
  return profileFileFields.filter(
    (field) =>
      files.has(field) &&
      !(individual && (field === 'businessLicenseUrl' || field === 'registrationCertificateUrl')),
  );
}

/**
 * Records a New lender's profile and first business (files already stored under `keys`)
 * and moves it to Pending, in the caller's transaction.
 */
export async function submitProfile(
  db: Tx,
  lenderId: number,
  profile: LenderProfile,
  files: Map<string, UploadedFile>,
  keys: Map<UploadedFile, string>,
): Promise<{ id: number; email: string; role: 'lender'; status: UserStatus }> {
  const has = (field: ProfileFileField) => files.has(field);
  const type = await profileBusinessType(db, profile);
  const individual = type.businessType === 'individual';
  if (!individual && !(has('businessLicenseUrl') && has('registrationCertificateUrl'))) {
    throw badRequest(lendersText.businessDocumentsRequired);
  }
  const [region] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(eq(regions.id, profile.lenderRegionId));
  if (!region) throw badRequest(lendersText.regionRequired);

  const [user] = await db.select().from(users).where(eq(users.id, lenderId)).limit(1);
  if (!user || user.role !== 'lender') throw notFound(lendersText.lenderNotFound);
  if (user.status !== 'New') throw conflict(lendersText.profileAlreadySubmitted);

  // Individuals have no licence or certificate; anything sent for them is ignored.
  const kept = keptFields(individual, files);
  return db.transaction(async (tx) => {
    const documentIds = new Map<ProfileFileField, number>();
    for (const field of kept) {
      const file = files.get(field)!;
      const id = await recordDocument(
        tx,
        { ownerUserId: lenderId, kind: field },
        file,
        keys.get(file)!,
      );
      documentIds.set(field, id);
    }
    await tx
      .update(lenders)
      .set({
        firstName: profile.firstName,
        lastName: profile.lastName,
        phoneNumber: profile.phoneNumber,
        gender: profile.gender,
        idNumber: profile.idNumber,
        lenderRegionId: profile.lenderRegionId,
        passportPhotoId: documentIds.get('passportPhoto') ?? null,
        idFrontId: documentIds.get('idFront') ?? null,
        idBackId: documentIds.get('idBack') ?? null,
        updatedAt: new Date(),
      })
      .where(eq(lenders.id, lenderId));
    await createBusiness(tx, {
      lenderId,
      lenderBusinessTypeId: type.id,
      businessName: individual ? `${profile.firstName} ${profile.lastName}` : profile.businessName,
      paybillNumber: profile.paybillNumber,
      defaultLoanLimit: toCents(
        individual ? INDIVIDUAL_DEFAULT_LOAN_LIMIT : profile.defaultLoanLimit,
      ),
      businessLicenseId: documentIds.get('businessLicenseUrl') ?? null,
      registrationCertificateId: documentIds.get('registrationCertificateUrl') ?? null,
    });
    // Only a New lender moves to Pending: a concurrent second submission finds none.
    const [updated] = await tx
      .update(users)
      .set({ status: 'Pending', updatedAt: new Date() })
      .where(and(eq(users.id, lenderId), eq(users.status, 'New')))
      .returning();
    if (!updated) throw conflict(lendersText.profileAlreadySubmitted);
    return {
      id: updated.id,
      email: updated.email,
      role: 'lender' as const,
      status: updated.status,
    };
  });
}

/** The administrator's decisions and which statuses each may start from. */
export const lenderActions = {
  approve: {
    from: ['Pending', 'Rejected'],
    to: 'Active',
    verb: 'approved',
    done: lendersText.approved,
  },
  reject: { from: ['Pending'], to: 'Rejected', verb: 'rejected', done: lendersText.rejected },
  block: {
    from: ['Active', 'Suspended', 'Pending'],
    to: 'Blocked',
    verb: 'blocked',
    done: lendersText.blocked,
  },
  suspend: { from: ['Active'], to: 'Suspended', verb: 'suspended', done: lendersText.suspended },
  activate: {
    from: ['Blocked', 'Suspended'],
    to: 'Active',
    verb: 'activated',
    done: lendersText.activated,
  },
} as const satisfies Record<
  string,
  { from: readonly LenderStatus[]; to: LenderStatus; verb: string; done: string }
>;
export type LenderAction = keyof typeof lenderActions;

export async function decideLender(
  db: Tx,
  options: { actorUserId: number; lenderId: number; action: LenderAction; reason?: string },
): Promise<string> {
  const rule = lenderActions[options.action];
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, options.lenderId), eq(users.role, 'lender')))
      .for('update');
    if (!user) throw notFound(lendersText.lenderNotFound);
    if (!(rule.from as readonly string[]).includes(user.status)) {
      throw conflict(lendersText.transitionRefused(user.status, rule.verb));
    }
    await tx
      .update(users)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    if (options.action === 'reject') {
      await tx
        .update(lenders)
        .set({ rejectionReason: options.reason?.trim() || null, updatedAt: new Date() })
        .where(eq(lenders.id, user.id));
    }
    if (options.action === 'approve') {
      // The administrator has just reviewed the onboarding documents: their paybills count.
      await verifyOnboardingPaybills(tx, { adminUserId: options.actorUserId, lenderId: user.id });
      await activateNewBusinesses(tx, user.id);
    }
    // Signed-in sessions end with the block or suspension (the next request is refused
    // anyway); after Activate the lender signs in again.
    if (rule.to === 'Blocked' || rule.to === 'Suspended') {
      await endUserSessions(tx, user.id, rule.to === 'Blocked' ? 'blocked' : 'suspended');
    }
    await recordAudit(tx, {
      actorUserId: options.actorUserId,
      action: `lender.${options.action}`,
      subjectType: 'lender',
      subjectId: user.id,
      details: {
        from: user.status,
        to: rule.to,
        ...(options.reason ? { reason: options.reason } : {}),
      },
    });
    return rule.done;
  });
}

export async function lenderCounts(tx: Tx) {
  const rows = await tx
    .select({ status: users.status, count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'lender'))
    .groupBy(users.status);
  // Every status, 0 when no lender has it.
  const lenderStatsCounts = Object.fromEntries(lenderStatuses.map((s) => [s, 0])) as Record<
    LenderStatus,
    number
  > &
    Record<string, number>;
  for (const row of rows) lenderStatsCounts[row.status] = row.count;
  return { totalCount: rows.reduce((sum, row) => sum + row.count, 0), lenderStatsCounts };
}
