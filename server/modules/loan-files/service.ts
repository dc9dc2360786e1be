/**
 * Loan files: a loan agreement is a
 * borrower's folder; agents upload the signed agreement and other documents into it,
 * each checked by its content like every other upload and kept in `documents`, so the
 * business's lender and agents can open them through a presigned link.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  loanFileFields,
  loanFilesError,
  type LoanFileField,
  type LoanFileKind,
} from '../../../src/domain/field-work';
import { fieldWorkText } from '../../../src/i18n/field-work';
import type { Db, Tx } from '../../db/client';
import { documents, loanAgreementFiles, loanAgreements } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import type { UploadedFile } from '../../storage/uploads';
import { borrowerFor } from '../borrowers/service';
import { recordDocument } from '../documents/service';

export const loanFileFieldNames = Object.keys(loanFileFields) as LoanFileField[];

type AgreementRow = typeof loanAgreements.$inferSelect;

function agreementView(agreement: AgreementRow) {
  return {
    id: agreement.id,
    borrowerId: agreement.borrowerId,
    lenderBusinessId: agreement.lenderBusinessId,
    createdByUserId: agreement.createdByUserId,
    createdAt: agreement.createdAt,
  };
}

export async function createLoanAgreement(db: Tx, user: AuthUser, borrowerId: number) {
  const borrower = await borrowerFor(db, user, borrowerId);
  const [agreement] = await db
    .insert(loanAgreements)
    .values({
      borrowerId: borrower.id,
      lenderBusinessId: borrower.lenderBusinessId,
      createdByUserId: user.id,
    })
    .returning();
  return agreementView(agreement!);
}

/** Agreements and their files, read in one query: a borrower's, one upload's, a sync's. */
export async function findLoanFiles(tx: Tx, where: SQL, onlyFileIds?: number[]) {
  const rows = await tx
    .select({
      agreement: loanAgreements,
      file: {
        id: loanAgreementFiles.id,
        kind: loanAgreementFiles.kind,
        description: loanAgreementFiles.description,
        createdAt: loanAgreementFiles.createdAt,
      },
      document: {
        storageKey: documents.storageKey,
        contentType: documents.contentType,
        sizeBytes: documents.sizeBytes,
        fileName: documents.originalName,
      },
    })
    .from(loanAgreements)
    .leftJoin(
      loanAgreementFiles,
      and(
        eq(loanAgreementFiles.loanAgreementId, loanAgreements.id),
        onlyFileIds ? inArray(loanAgreementFiles.id, onlyFileIds) : undefined,
      ),
    )
    .leftJoin(documents, eq(documents.id, loanAgreementFiles.documentId))
    .where(where)
    .orderBy(desc(loanAgreements.id), desc(loanAgreementFiles.id));
  const byAgreement = new Map<number, ReturnType<typeof agreementEntry>>();
  for (const { agreement, file, document } of rows) {
    let entry = byAgreement.get(agreement.id);
    if (!entry) {
      entry = agreementEntry(agreement);
      byAgreement.set(agreement.id, entry);
    }
    if (!file || !document) continue;
    entry.files.push({ ...file, ...document });
    // The newest upload's description speaks for the agreement.
    entry.description ??= file.description;
  }
  return [...byAgreement.values()];
}

function agreementEntry(agreement: AgreementRow) {
  return {
    ...agreementView(agreement),
    loanAgreementId: agreement.id,
    description: null as string | null,
    files: [] as {
      id: number;
      kind: LoanFileKind;
      description: string;
      createdAt: Date;
      storageKey: string;
      contentType: string;
      sizeBytes: number;
      fileName: string | null;
    }[],
  };
}

/** A borrower's loan agreements, newest first, each with its files (newest first). */
export async function loanFilesOfBorrower(db: Db, user: AuthUser, borrowerId: number) {
  const borrower = await borrowerFor(db, user, borrowerId);
  return findLoanFiles(db, eq(loanAgreements.borrowerId, borrower.id));
}

/** Refuses an upload without any file (before anything is stored). */
export function checkLoanFiles(files: Map<string, UploadedFile>): void {
  const missing = loanFilesError({
    loanAgreementfilesorImage: files.has('loanAgreementfilesorImage'),
    otherImage: files.has('otherImage'),
  });
  if (missing) throw badRequest(missing, { loanAgreementfilesorImage: missing });
}

/** The uploaded files in the order they are recorded. */
export function loanFileUploads(files: Map<string, UploadedFile>) {
  return loanFileFieldNames.flatMap((field) => {
    const file = files.get(field);
    return file ? [{ field, file }] : [];
  });
}

/**
 * Records an upload whose files are already stored under `keys`: in the caller's
 * transaction, the agreement when none was named, the documents and the file rows.
 */
export async function saveLoanFiles(
  tx: Tx,
  user: AuthUser,
  input: { description: string; borrowerId: number; loanAgreement: number | null },
  files: Map<string, UploadedFile>,
  keys: Map<UploadedFile, string>,
) {
  checkLoanFiles(files);
  const borrower = await borrowerFor(tx, user, input.borrowerId);
  if (input.loanAgreement !== null) {
    const [agreement] = await tx
      .select({ id: loanAgreements.id })
      .from(loanAgreements)
      .where(
        and(eq(loanAgreements.id, input.loanAgreement), eq(loanAgreements.borrowerId, borrower.id)),
      );
    if (!agreement) throw notFound(fieldWorkText.agreementNotFound);
  }
  const agreementId =
    input.loanAgreement ??
    (
      await tx
        .insert(loanAgreements)
        .values({
          borrowerId: borrower.id,
          lenderBusinessId: borrower.lenderBusinessId,
          createdByUserId: user.id,
        })
        .returning({ id: loanAgreements.id })
    )[0]!.id;
  const fileIds: number[] = [];
  for (const { field, file } of loanFileUploads(files)) {
    const documentId = await recordDocument(
      tx,
      {
        ownerUserId: user.id,
        lenderBusinessId: borrower.lenderBusinessId,
        kind: `loanFile.${loanFileFields[field]}`,
      },
      file,
      keys.get(file)!,
    );
    const [row] = await tx
      .insert(loanAgreementFiles)
      .values({
        loanAgreementId: agreementId,
        description: input.description,
        kind: loanFileFields[field],
        documentId,
        uploadedByUserId: user.id,
      })
      .returning({ id: loanAgreementFiles.id });
    fileIds.push(row!.id);
  }
  const [entry] = await findLoanFiles(tx, eq(loanAgreements.id, agreementId), fileIds);
  return { ...entry!, description: input.description };
}
