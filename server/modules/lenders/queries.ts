/** Reading lenders with their region, documents and businesses, as the spec's Lender entity. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lender } from '../../../src/domain/lender-profile';
import { decimalToNumber } from '../../../src/domain/money';
import type { LenderStatus } from '../../../src/domain/roles';
import type { Tx } from '../../db/client';
import {
  documents,
  lenderBusinesses,
  lenderBusinessTypes,
  lenders,
  regions,
  users,
} from '../../db/schema';

const passport = alias(documents, 'passport');
const idFront = alias(documents, 'id_front');
const idBack = alias(documents, 'id_back');
const licence = alias(documents, 'licence');
const certificate = alias(documents, 'certificate');

export async function findBusinesses(tx: Tx, where: SQL | undefined) {
  const rows = await tx
    .select({
      business: lenderBusinesses,
      type: {
        id: lenderBusinessTypes.id,
        name: lenderBusinessTypes.name,
        businessType: lenderBusinessTypes.businessType,
      },
      licence: licence.storageKey,
      certificate: certificate.storageKey,
    })
    .from(lenderBusinesses)
    .innerJoin(
      lenderBusinessTypes,
      eq(lenderBusinessTypes.id, lenderBusinesses.lenderBusinessTypeId),
    )
    .leftJoin(licence, eq(licence.id, lenderBusinesses.businessLicenseId))
    .leftJoin(certificate, eq(certificate.id, lenderBusinesses.registrationCertificateId))
    .where(where)
    .orderBy(asc(lenderBusinesses.id));
  return rows.map(({ business, type, licence: licenceKey, certificate: certificateKey }) => ({
    id: business.id,
    lenderId: business.lenderId,
    businessName: business.businessName,
    lenderBusinessCode: business.lenderBusinessCode,
    status: business.status,
    paybillNumber: business.paybillNumber,
    defaultLoanLimit: decimalToNumber(business.defaultLoanLimit),
    lenderBusinessTypeId: business.lenderBusinessTypeId,
    lenderBusinessType: type,
    businessLicenseUrl: licenceKey,
    registrationCertificateUrl: certificateKey,
    createdAt: business.createdAt,
  }));
}

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
