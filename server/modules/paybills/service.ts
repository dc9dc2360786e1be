/**
 * Paybill verification (docs/architecture.md §6): a business's paybill counts as its own only once
 * an administrator verified it — payments to an unverified paybill wait in Unassigned
 * payments, since the money sits in whichever account owns that number. Approving a
 * lender verifies the paybills it registered during onboarding (the administrator has
 * just reviewed their documents); a business registered later waits for an administrator.
 */
import { normalizePaybill } from '../../../src/domain/fields';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { paybillsText } from '../../../src/i18n/paybills';
import type { Tx } from '../../db/client';
import { lenderBusinesses, lenders, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';

const VERIFY_ACTION = 'lender_business.verify_paybill';

export type VerifiedPaybill = {
  id: number;
  businessName: string;
  paybillNumber: string;
  paybillVerifiedAt: Date;
  paybillVerifiedByUserId: number | null;
};

/**
 * Verifies a business's paybill; verifying it again changes nothing and answers
 * `already: true` (so a retried click is harmless). Audit-logged in the same transaction.
 */
export async function verifyPaybill(
  tx: Tx,
  options: { adminUserId: number; lenderBusinessId: number; platformShortCode: string },
): Promise<{ already: boolean; business: VerifiedPaybill }> {
  const [business] = await tx
    .select()
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, options.lenderBusinessId))
    .for('update');
  if (!business) throw notFound(paybillsText.businessNotFound);
  const paybillNumber = business.paybillNumber;
  if (!paybillNumber) throw conflict(paybillsText.noPaybill);
  if (paybillNumber === normalizePaybill(options.platformShortCode))
    throw conflict(paybillsText.platformPaybill);
  if (business.paybillVerifiedAt) {
    return {
      already: true,
      business: {
        id: business.id,
        businessName: business.businessName,
        paybillNumber,
        paybillVerifiedAt: business.paybillVerifiedAt,
        paybillVerifiedByUserId: business.paybillVerifiedByUserId,
      },
    };
  }
  const now = new Date();
  await tx
    .update(lenderBusinesses)
    .set({ paybillVerifiedAt: now, paybillVerifiedByUserId: options.adminUserId, updatedAt: now })
    .where(eq(lenderBusinesses.id, business.id));
  await recordAudit(tx, {
    actorUserId: options.adminUserId,
    action: VERIFY_ACTION,
    subjectType: 'lender_business',
    subjectId: business.id,
    details: { name: business.businessName, paybillNumber },
  });
  return {
    already: false,
    business: {
      id: business.id,
      businessName: business.businessName,
      paybillNumber,
      paybillVerifiedAt: now,
      paybillVerifiedByUserId: options.adminUserId,
    },
  };
}

/**
 * At a lender's approval: verifies the paybills of its businesses still `new`. Approval
 * comes only from Pending or Rejected, and until approved a lender cannot register more
 * businesses (only onboarding routes answer it), so these are exactly the businesses of
 * its onboarding, whose documents the administrator has just reviewed. Runs before they
 * are activated, in the approval's transaction; each verification is audit-logged.
 */
export async function verifyOnboardingPaybills(
  tx: Tx,
  options: { adminUserId: number; lenderId: number },
): Promise<void> {
  const now = new Date();
  const verified = await tx
    .update(lenderBusinesses)
    .set({ paybillVerifiedAt: now, paybillVerifiedByUserId: options.adminUserId, updatedAt: now })
    .where(
      and(
        eq(lenderBusinesses.lenderId, options.lenderId),
        eq(lenderBusinesses.status, 'new'),
        isNotNull(lenderBusinesses.paybillNumber),
        isNull(lenderBusinesses.paybillVerifiedAt),
      ),
    )
    .returning({
      id: lenderBusinesses.id,
      businessName: lenderBusinesses.businessName,
      paybillNumber: lenderBusinesses.paybillNumber,
    });
  for (const business of verified) {
    await recordAudit(tx, {
      actorUserId: options.adminUserId,
      action: VERIFY_ACTION,
      subjectType: 'lender_business',
      subjectId: business.id,
      details: {
        name: business.businessName,
        paybillNumber: business.paybillNumber,
        withLenderApproval: true,
      },
    });
  }
}

const lenderName = sql<string>`trim(concat_ws(' ', ${lenders.firstName}, ${lenders.lastName}))`;

/**
 * Businesses whose paybill waits for an administrator: registered after their lender was
 * approved. Those of lenders not approved yet are left out — approving the lender
 * verifies them — and so are rejected businesses and rejected lenders'.
 */
export async function paybillsWaiting(tx: Tx) {
  const rows = await tx
    .select({
      id: lenderBusinesses.id,
      businessName: lenderBusinesses.businessName,
      paybillNumber: lenderBusinesses.paybillNumber,
      status: lenderBusinesses.status,
      createdAt: lenderBusinesses.createdAt,
      lender: { id: lenders.id, name: lenderName, email: users.email },
    })
    .from(lenderBusinesses)
    .innerJoin(lenders, eq(lenders.id, lenderBusinesses.lenderId))
    .innerJoin(users, eq(users.id, lenders.id))
    .where(
      and(
        isNotNull(lenderBusinesses.paybillNumber),
        isNull(lenderBusinesses.paybillVerifiedAt),
        notInArray(lenderBusinesses.status, ['rejected']),
        notInArray(users.status, ['New', 'Pending', 'Rejected']),
      ),
    )
    .orderBy(asc(lenderBusinesses.createdAt), asc(lenderBusinesses.id));
  return rows.map((row) => ({ ...row, paybillNumber: row.paybillNumber! }));
}

/** Every business an administrator may hand a payment to (not rejected or blocked). */
export async function assignableBusinesses(tx: Tx) {
  return tx
    .select({
      id: lenderBusinesses.id,
      businessName: lenderBusinesses.businessName,
      paybillNumber: lenderBusinesses.paybillNumber,
      paybillVerified: sql<boolean>`${lenderBusinesses.paybillVerifiedAt} is not null`,
      status: lenderBusinesses.status,
      lender: { id: lenders.id, name: lenderName, email: users.email },
    })
    .from(lenderBusinesses)
    .innerJoin(lenders, eq(lenders.id, lenderBusinesses.lenderId))
    .innerJoin(users, eq(users.id, lenders.id))
    .where(inArray(lenderBusinesses.status, ['new', 'active']))
    .orderBy(asc(lenderBusinesses.businessName), asc(lenderBusinesses.id));
}
