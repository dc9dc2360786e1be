/**
 * Borrowers: registered by agents with identity documents, unique by
 * phone and ID number within a business, starting at the business's default loan limit.
 */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import {
  borrowerCountKeys,
  borrowerDocumentsError,
  type BorrowerConsent,
  type BorrowerCountKey,
  type borrowerSchema,
} from '../../../src/domain/borrowers';
import { decimalToNumber } from '../../../src/domain/money';
import { borrowersText } from '../../../src/i18n/borrowers';
import { borrowersCatalogue } from '../../../src/i18n/catalogues';
import type { Tx } from '../../db/client';
import {
  borrowers,
  documents,
  lenderBusinessAreas,
  lenderBusinesses,
  loans,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, notFoundAs } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import type { UploadedFile } from '../../storage/uploads';
import { businessFor } from '../businesses/access';
import { recordDocument } from '../documents/service';
import { findLoans } from '../loans/queries';

export const borrowerFileFields = ['passportPhoto', 'idFront', 'idBack'] as const;
type FileField = (typeof borrowerFileFields)[number];
type BorrowerData = v.InferOutput<typeof borrowerSchema>;

const passport = alias(documents, 'passport');
const idFront = alias(documents, 'id_front');
const idBack = alias(documents, 'id_back');

export type BorrowerView = Awaited<ReturnType<typeof findBorrowers>>[number];

export async function findBorrowers(
  tx: Tx,
  where: SQL | undefined,
  order: 'name' | 'newest' | 'id' = 'name',
  page?: { limit: number; offset: number },
) {
  // Only the columns the answer carries, in one flat row: not the consent's full text
  // (kilobytes per borrower once consent is asked), nor the document ids and timestamps
  // the view leaves out; drizzle's mapping is per cell, and the list can be long.
  const rows = await tx
    .select({
      id: borrowers.id,
      firstName: borrowers.firstName,
      lastName: borrowers.lastName,
      phoneNumber: borrowers.phoneNumber,
      alternativePhoneNumber: borrowers.alternativePhoneNumber,
      referringBorrowerId: borrowers.referringBorrowerId,
      registeredByUserId: borrowers.registeredByUserId,
      lenderBusinessId: borrowers.lenderBusinessId,
      businessName: lenderBusinesses.businessName,
      areaId: lenderBusinessAreas.id,
      areaName: lenderBusinessAreas.name,
      gender: borrowers.gender,
      dob: borrowers.dob,
      nextOfKinName: borrowers.nextOfKinName,
      nextOfKinNumber: borrowers.nextOfKinNumber,
      nextOfKinRelation: borrowers.nextOfKinRelation,
      idNumber: borrowers.idNumber,
      passport: passport.storageKey,
      idFront: idFront.storageKey,
      idBack: idBack.storageKey,
      status: borrowers.status,
      loanLimit: borrowers.loanLimit,
      language: borrowers.language,
      smsRemindersOptedOutAt: borrowers.smsRemindersOptedOutAt,
      consentVersion: borrowers.consentVersion,
      consentedAt: borrowers.consentedAt,
      erasedAt: borrowers.erasedAt,
      createdAt: borrowers.createdAt,
    })
    .from(borrowers)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, borrowers.lenderBusinessId))
    .leftJoin(lenderBusinessAreas, eq(lenderBusinessAreas.id, borrowers.lenderBusinessAreaId))
    .leftJoin(passport, eq(passport.id, borrowers.passportPhotoId))
    .leftJoin(idFront, eq(idFront.id, borrowers.idFrontId))
    .leftJoin(idBack, eq(idBack.id, borrowers.idBackId))
    .where(where)
    .orderBy(
      ...(order === 'name'
        ? [asc(borrowers.firstName), asc(borrowers.lastName), asc(borrowers.id)]
        : order === 'id'
          ? [asc(borrowers.id)]
          : [desc(borrowers.id)]),
    )
    .limit(page?.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(page?.offset ?? 0);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    alternativePhoneNumber: row.alternativePhoneNumber,
    referringBorrowerId: row.referringBorrowerId,
    registeredByUserId: row.registeredByUserId,
    lenderBusinessId: row.lenderBusinessId,
    lenderBusinesses: [{ id: row.lenderBusinessId, businessName: row.businessName }],
    lenderBusinessArea: row.areaId ? { id: row.areaId, name: row.areaName! } : null,
    gender: row.gender,
    dob: row.dob,
    nextOfKinName: row.nextOfKinName,
    nextOfKinNumber: row.nextOfKinNumber,
    nextOfKinRelation: row.nextOfKinRelation,
    idNumber: row.idNumber,
    passportPhoto: row.passport,
    idFront: row.idFront,
    idBack: row.idBack,
    status: row.status,
    loanLimit: decimalToNumber(row.loanLimit),
    language: row.language,
    smsRemindersOptedOutAt: row.smsRemindersOptedOutAt,
    consentVersion: row.consentVersion,
    consentedAt: row.consentedAt,
    erasedAt: row.erasedAt,
    createdAt: row.createdAt,
  }));
}

/** The borrower if the user may reach its business, else 404. */
export async function borrowerFor(tx: Tx, user: AuthUser, borrowerId: number) {
  const [row] = await tx.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!row) throw notFound(borrowersText.notFound);
  await businessFor(tx, user, row.lenderBusinessId).catch(notFoundAs(borrowersText.notFound));
  return row;
}

async function checkRelations(tx: Tx, data: BorrowerData, exceptId?: number) {
  const [area] = await tx
    .select({ id: lenderBusinessAreas.id })
    .from(lenderBusinessAreas)
    .where(
      and(
        eq(lenderBusinessAreas.id, data.lenderBusinessAreaId),
        eq(lenderBusinessAreas.lenderBusinessId, data.lenderBusinessId),
      ),
    );
  if (!area) throw badRequest(borrowersText.areaNotInBusiness);
  if (data.referringBorrowerId !== null) {
    const [referrer] = await tx
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(
        and(
          eq(borrowers.id, data.referringBorrowerId),
          eq(borrowers.lenderBusinessId, data.lenderBusinessId),
        ),
      );
    if (!referrer || referrer.id === exceptId)
      throw badRequest(borrowersText.referrerNotInBusiness);
  }
  const same = (column: SQL) =>
    and(
      eq(borrowers.lenderBusinessId, data.lenderBusinessId),
      column,
      exceptId ? ne(borrowers.id, exceptId) : undefined,
    );
  const [phone] = await tx
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(same(sql`${borrowers.phoneNumber} = ${data.phoneNumber}`));
  if (phone) throw conflict(borrowersText.phoneTaken);
  const [idNumber] = await tx
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(same(sql`lower(${borrowers.idNumber}) = lower(${data.idNumber})`));
  if (idNumber) throw conflict(borrowersText.idNumberTaken);
}

async function storeDocuments(
  tx: Tx,
  keys: Map<UploadedFile, string>,
  files: Map<string, UploadedFile>,
  owner: { userId: number; lenderBusinessId: number },
): Promise<Partial<Record<FileField, number>>> {
  const ids: Partial<Record<FileField, number>> = {};
  for (const field of borrowerFileFields) {
    const file = files.get(field);
    if (!file) continue;
    ids[field] = await recordDocument(
      tx,
      {
        ownerUserId: owner.userId,
        lenderBusinessId: owner.lenderBusinessId,
        kind: `borrower.${field}`,
      },
      file,
      keys.get(file)!,
    );
  }
  return ids;
}

/** Refuses a registration or edit whose identity documents do not fit (before storing them). */
export function checkBorrowerFiles(files: Map<string, UploadedFile>, creating: boolean): void {
  const present = {
    passportPhoto: files.has('passportPhoto'),
    idFront: files.has('idFront'),
    idBack: files.has('idBack'),
  };
  const documentsError = borrowerDocumentsError(present, creating);
  if (documentsError) throw badRequest(documentsError);
}

/** Creates or updates a borrower and its documents (the files already stored under `keys`). */
export async function saveBorrower(
  db: Tx,
  user: AuthUser,
  data: BorrowerData,
  files: Map<string, UploadedFile>,
  keys: Map<UploadedFile, string>,
  existingId?: number,
  consent?: BorrowerConsent,
): Promise<number> {
  checkBorrowerFiles(files, existingId === undefined);
  const business = await businessFor(db, user, data.lenderBusinessId, { usable: true });
  try {
    return await db.transaction(async (tx) => {
      await checkRelations(tx, data, existingId);
      const ids = await storeDocuments(tx, keys, files, {
        userId: user.id,
        lenderBusinessId: business.id,
      });
      const values = {
        ...data,
        lenderBusinessId: business.id,
        ...(ids.passportPhoto
          ? { passportPhotoId: ids.passportPhoto, idFrontId: null, idBackId: null }
          : {}),
        ...(ids.idFront && ids.idBack
          ? { idFrontId: ids.idFront, idBackId: ids.idBack, passportPhotoId: null }
          : {}),
      };
      if (existingId !== undefined) {
        await tx
          .update(borrowers)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(borrowers.id, existingId));
        return existingId;
      }
      const [created] = await tx
        .insert(borrowers)
        .values({
          ...values,
          registeredByUserId: user.id,
          loanLimit: business.defaultLoanLimit,
          ...(consent
            ? {
                consentVersion: consent.consentVersion,
                consentText: borrowersCatalogue[consent.consentLanguage].consentText,
                consentedAt: consent.consentAt,
              }
            : {}),
        })
        .returning({ id: borrowers.id });
      return created!.id;
    });
  } catch (error) {
    // Two registrations racing past the checks meet the unique indexes.
    if (isUniqueViolation(error, 'phone')) throw conflict(borrowersText.phoneTaken);
    if (isUniqueViolation(error, 'id_number')) throw conflict(borrowersText.idNumberTaken);
    throw error;
  }
}

/** Borrower totals per status: of the platform, a business, or one agent's registrations. */
export async function borrowerCounts(tx: Tx, where: SQL | undefined) {
  // An erased borrower is counted apart, not under the status erasure left (blocked).
  const rows = await tx
    .select({
      status: sql<BorrowerCountKey>`case when ${borrowers.erasedAt} is null then ${borrowers.status} else 'erased' end`,
      count: sql<number>`count(*)::int`,
    })
    .from(borrowers)
    .where(where)
    .groupBy(sql`1`);
  const borrowerStatsCounts = Object.fromEntries(borrowerCountKeys.map((s) => [s, 0])) as Record<
    BorrowerCountKey,
    number
  >;
  for (const row of rows) borrowerStatsCounts[row.status] = row.count;
  return { totalCount: rows.reduce((sum, row) => sum + row.count, 0), borrowerStatsCounts };
}

/** One borrower as the API answers it (after a write, or for the detail). */
export async function borrowerById(tx: Tx, borrowerId: number) {
  const [borrower] = await findBorrowers(tx, eq(borrowers.id, borrowerId));
  return borrower!;
}

/** The borrower with its loans (GET /borrower/{id}). */
export async function borrowerWithLoans(tx: Tx, borrowerId: number) {
  const borrower = await borrowerById(tx, borrowerId);
  return { ...borrower, loans: await findLoans(tx, eq(loans.borrowerId, borrowerId)) };
}

/**
 * The borrowers of a business, by name: all of them, or with `page` that page and how
 * many there are in all (null without a page).
 */
export async function borrowersOfBusiness(
  tx: Tx,
  businessId: number,
  paging: { page?: number; limit: number } = { limit: 50 },
) {
  const where = eq(borrowers.lenderBusinessId, businessId);
  if (paging.page === undefined) {
    return { borrowers: await findBorrowers(tx, where), total: null };
  }
  const [rows, [counted]] = await Promise.all([
    findBorrowers(tx, where, 'name', {
      limit: paging.limit,
      offset: (paging.page - 1) * paging.limit,
    }),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(borrowers)
      .where(where),
  ]);
  return { borrowers: rows, total: counted?.total ?? 0 };
}

/** Borrower totals per status of a business, or of one agent's registrations in it. */
export function businessBorrowerCounts(tx: Tx, businessId: number, agentId?: number) {
  return borrowerCounts(
    tx,
    and(
      eq(borrowers.lenderBusinessId, businessId),
      agentId === undefined ? undefined : eq(borrowers.registeredByUserId, agentId),
    ),
  );
}
