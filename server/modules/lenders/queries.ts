/**
 * Reading lenders with their region, documents and businesses (businesses/queries), as the
 * API answers a lender.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lender } from '../../../src/domain/lender-profile';
import type { LenderStatus } from '../../../src/domain/roles';
import type { Tx } from '../../db/client';
import { findBusinesses } from '../businesses/queries';
import { documents, lenderBusinesses, lenders, regions, users } from '../../db/schema';

const passport = alias(documents, 'passport');
const idFront = alias(documents, 'id_front');
const idBack = alias(documents, 'id_back');

/** Lenders matching `where` (on users/lenders), newest first, each with its businesses. */
export async function findLenders(tx: Tx, where: SQL | undefined) {
  const rows = await tx
    .select({
      lender: lenders,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      region: { id: regions.id, name: regions.name },
      passport: passport.storageKey,
      idFront: idFront.storageKey,
      idBack: idBack.storageKey,
    })
    .from(lenders)
    .innerJoin(users, eq(users.id, lenders.id))
    .leftJoin(regions, eq(regions.id, lenders.lenderRegionId))
    .leftJoin(passport, eq(passport.id, lenders.passportPhotoId))
    .leftJoin(idFront, eq(idFront.id, lenders.idFrontId))
    .leftJoin(idBack, eq(idBack.id, lenders.idBackId))
    .where(and(eq(users.role, 'lender'), where))
    .orderBy(sql`${users.createdAt} desc`, sql`${users.id} desc`);
  const ids = rows.map((row) => row.lender.id);
  const businesses = ids.length
    ? await findBusinesses(tx, inArray(lenderBusinesses.lenderId, ids))
    : [];
  return rows.map((row) => ({
    id: row.lender.id,
    firstName: row.lender.firstName,
    lastName: row.lender.lastName,
    email: row.email,
    phoneNumber: row.lender.phoneNumber,
    idNumber: row.lender.idNumber,
    // Written only through the wizard's and the decisions' schemas.
    gender: row.lender.gender as Lender['gender'],
    status: row.status as LenderStatus,
    createdAt: row.createdAt,
    passportPhoto: row.passport,
    idFront: row.idFront,
    idBack: row.idBack,
    lenderRegionId: row.lender.lenderRegionId,
    lenderRegion: row.region?.id ? row.region : null,
    rejectionReason: row.lender.rejectionReason,
    lenderBusinesses: businesses.filter((b) => b.lenderId === row.lender.id),
  }));
}

export async function findLender(tx: Tx, lenderId: number) {
  const [lender] = await findLenders(tx, eq(lenders.id, lenderId));
  return lender;
}

/** The applications waiting for review, newest first. */
export function findPendingLenders(tx: Tx) {
  return findLenders(tx, eq(users.status, 'Pending'));
}
