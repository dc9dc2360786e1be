/** Reading businesses with their type and documents, as the API answers a lender business. */
import { asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decimalToNumber } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import { documents, lenderBusinesses, lenderBusinessTypes } from '../../db/schema';

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
