/** Lender businesses: creation with a unique short code, and counts for the admin. */
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { BUSINESS_CODE_LENGTH, randomCode } from '../../../src/domain/codes';
import { centsToDecimal, type Cents } from '../../../src/domain/money';
import { businessStatuses, type BusinessStatus } from '../../../src/domain/roles';
import type { LenderBusiness } from '../../../src/domain/setup';
import { paybillsText } from '../../../src/i18n/paybills';
import type { Db, Tx } from '../../db/client';
import { agentBusinesses, lenderBusinesses, lenderBusinessTypes } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/http-error';
import { findBusinesses as findBusinessRows } from './queries';
import type { SQL } from 'drizzle-orm';

export type NewBusiness = {
  lenderId: number;
  lenderBusinessTypeId: number;
  businessName: string;
  paybillNumber: string | null;
  defaultLoanLimit: Cents;
  businessLicenseId?: number | null;
  registrationCertificateId?: number | null;
  status?: BusinessStatus;
};

const randomBusinessCode = () =>
  randomCode(BUSINESS_CODE_LENGTH, (bytes) => randomBytes(bytes.length));

/**
 * Inserts a business under a fresh code; a clash (31^6 ≈ 887 million codes) retries.
 * A paybill another business registered is refused (409); when two registrations of one
 * number race, the unique index lets one through and the other is refused the same way.
 */
export async function createBusiness(tx: Tx, business: NewBusiness): Promise<number> {
  if (business.paybillNumber !== null) {
    const [owner] = await tx
      .select({ id: lenderBusinesses.id })
      .from(lenderBusinesses)
      .where(eq(lenderBusinesses.paybillNumber, business.paybillNumber))
      .limit(1);
    if (owner) throw conflict(paybillsText.paybillTaken);
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let created: { id: number } | undefined;
    try {
      [created] = await tx
        .insert(lenderBusinesses)
        .values({
          ...business,
          defaultLoanLimit: centsToDecimal(business.defaultLoanLimit),
          lenderBusinessCode: randomBusinessCode(),
        })
        .onConflictDoNothing({ target: lenderBusinesses.lenderBusinessCode })
        .returning({ id: lenderBusinesses.id });
    } catch (error) {
      if (isUniqueViolation(error, 'lender_businesses_paybill_unique'))
        throw conflict(paybillsText.paybillTaken);
      throw error;
    }
    if (created) return created.id;
  }
  throw new Error('could not find a free business code');
}

/** Makes a lender's new businesses active (approval of the lender). */
export async function activateNewBusinesses(tx: Tx, lenderId: number): Promise<void> {
  await tx
    .update(lenderBusinesses)
    .set({ status: 'active', updatedAt: new Date() })
    .where(sql`${lenderBusinesses.lenderId} = ${lenderId} and ${lenderBusinesses.status} = 'new'`);
}

export async function businessCounts(tx: Tx) {
  const rows = await tx
    .select({ status: lenderBusinesses.status, count: sql<number>`count(*)::int` })
    .from(lenderBusinesses)
    .groupBy(lenderBusinesses.status);
  const lenderBusinessStatsCounts = Object.fromEntries(
    businessStatuses.map((s) => [s, 0]),
  ) as Record<BusinessStatus, number>;
  for (const row of rows) lenderBusinessStatsCounts[row.status] = row.count;
  return {
    totalCount: rows.reduce((sum, row) => sum + row.count, 0),
    lenderBusinessStatsCounts,
  };
}

export async function businessById(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, id))
    .limit(1);
  return row;
}

/** Whether a business type exists (a registration names one). */
export async function businessTypeExists(tx: Tx, id: number): Promise<boolean> {
  const [type] = await tx
    .select({ id: lenderBusinessTypes.id })
    .from(lenderBusinessTypes)
    .where(eq(lenderBusinessTypes.id, id));
  return Boolean(type);
}

/**
 * Businesses as the API answers them (lenders/queries reads them too); its status and type kind
 * are the columns' enums, which its row type writes as plain strings.
 */
async function findBusinesses(tx: Tx, where: SQL | undefined) {
  type Row = Omit<LenderBusiness, 'createdAt'> & { createdAt: Date };
  return (await findBusinessRows(tx, where)) as Row[];
}

/** One business as the API answers it (its type and documents). */
export async function businessView(tx: Tx, id: number) {
  const [business] = await findBusinesses(tx, eq(lenderBusinesses.id, id));
  return business;
}

/** A lender's businesses, oldest first. */
export function businessesOfLender(db: Db, lenderId: number) {
  return findBusinesses(db, eq(lenderBusinesses.lenderId, lenderId));
}

/** The businesses an agent is assigned to, oldest first. */
export async function businessesOfAgent(db: Db, agentId: number) {
  const rows = await db
    .select({ id: agentBusinesses.lenderBusinessId })
    .from(agentBusinesses)
    .where(eq(agentBusinesses.agentId, agentId));
  const ids = rows.map((row) => row.id);
  return ids.length ? findBusinesses(db, inArray(lenderBusinesses.id, ids)) : [];
}
