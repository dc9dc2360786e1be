/**
 * A borrower's rights over their data (Data Protection Act 2019;
 * the README's "The borrower's statement and data rights"), for
 * the lender of the borrower's business:
 * - export: everything held about the borrower as one ZIP — `borrower.json` (the record,
 *   its consent, loans with instalments, payments, fines, refunds, write-offs, the M-Pesa
 *   payments that paid them, follow-ups, loan files and SMS messages) and the documents
 *   themselves under `documents/`;
 * - erase: for a borrower with no open loan and no payment in flight, the personal data
 *   is blanked or replaced by placeholders, and the documents are deleted (rows and
 *   files). The loans and every money record stay for the ledgers, with the person's
 *   fields (payer name and number, phone numbers, message texts, follow-up comments)
 *   blanked. Audit-logged; the files go after the transaction commits.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { openLoanStatuses } from '../../../src/domain/loans';
import { borrowersText } from '../../../src/i18n/borrowers';
import type { Tx } from '../../db/client';
import {
  borrowers,
  complaints,
  documents,
  fines,
  followUps,
  loanAgreementFiles,
  loanAgreements,
  loanInstalments,
  loanPayments,
  loans,
  mpesaRepaymentTransactions,
  mpesaRequests,
  refunds,
  smsMessages,
  writeOffs,
} from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { FileStorage } from '../../storage/storage';
import { recordAudit } from '../audit/service';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Every document of the borrower: identity documents and the files of its loans. */
async function documentsOf(tx: Tx, borrower: typeof borrowers.$inferSelect) {
  const own = [borrower.passportPhotoId, borrower.idFrontId, borrower.idBackId].filter(
    (id): id is number => id !== null,
  );
  const loanFiles = await tx
    .select({ documentId: loanAgreementFiles.documentId })
    .from(loanAgreementFiles)
    .innerJoin(loanAgreements, eq(loanAgreements.id, loanAgreementFiles.loanAgreementId))
    .where(eq(loanAgreements.borrowerId, borrower.id));
  const ids = [...own, ...loanFiles.map((f) => f.documentId)];
  return ids.length ? tx.select().from(documents).where(inArray(documents.id, ids)) : [];
}

/** The borrower's ZIP: borrower.json and the documents. */
export async function exportBorrower(
  tx: Tx,
  storage: FileStorage,
  borrower: typeof borrowers.$inferSelect,
): Promise<Uint8Array> {
  const loanRows = await tx.select().from(loans).where(eq(loans.borrowerId, borrower.id));
  const loanIds = loanRows.map((loan) => loan.id);
  const ofLoans = <T>(load: () => Promise<T[]>) => (loanIds.length ? load() : Promise.resolve([]));
  const [instalments, payments, fineRows, refundRows, writeOffRows, mpesaPayments] =
    await Promise.all([
      ofLoans(() =>
        tx.select().from(loanInstalments).where(inArray(loanInstalments.loanId, loanIds)),
      ),
      ofLoans(() => tx.select().from(loanPayments).where(inArray(loanPayments.loanId, loanIds))),
      ofLoans(() => tx.select().from(fines).where(inArray(fines.loanId, loanIds))),
      ofLoans(() => tx.select().from(refunds).where(inArray(refunds.loanId, loanIds))),
      ofLoans(() => tx.select().from(writeOffs).where(inArray(writeOffs.loanId, loanIds))),
      ofLoans(() =>
        tx
          .select({
            transId: mpesaRepaymentTransactions.transId,
            amount: mpesaRepaymentTransactions.amount,
            msisdn: mpesaRepaymentTransactions.msisdn,
            firstName: mpesaRepaymentTransactions.firstName,
            transTime: mpesaRepaymentTransactions.transTime,
            loanId: mpesaRepaymentTransactions.loanId,
          })
          .from(mpesaRepaymentTransactions)
          .where(inArray(mpesaRepaymentTransactions.loanId, loanIds)),
      ),
    ]);
  const followUpRows = ofLoans(() =>
    tx
      .select({
        loanId: followUps.loanId,
        comment: followUps.comment,
        createdAt: followUps.createdAt,
      })
      .from(followUps)
      .where(inArray(followUps.loanId, loanIds)),
  );
  const messages = await tx
    .select({
      loanId: smsMessages.loanId,
      kind: smsMessages.kind,
      phoneNumber: smsMessages.phoneNumber,
      body: smsMessages.body,
      status: smsMessages.status,
      createdAt: smsMessages.createdAt,
    })
    .from(smsMessages)
    .where(eq(smsMessages.borrowerId, borrower.id));
  const files: Record<string, Uint8Array> = {};
  const documentList: { kind: string; file: string; originalName: string | null }[] = [];
  for (const document of await documentsOf(tx, borrower)) {
    const body = await storage.get(document.storageKey);
    if (!body) continue;
    const file = `documents/${document.kind}-${document.id}.${EXTENSIONS[document.contentType] ?? 'bin'}`;
    files[file] = new Uint8Array(body);
    documentList.push({ kind: document.kind, file, originalName: document.originalName });
  }
  const { passportPhotoId: _p, idFrontId: _f, idBackId: _b, ...record } = borrower;
  const held = {
    exportedAt: new Date().toISOString(),
    borrower: record,
    documents: documentList,
    loans: loanRows.map((loan) => ({
      ...loan,
      instalments: instalments.filter((row) => row.loanId === loan.id),
      payments: payments.filter((row) => row.loanId === loan.id),
      fines: fineRows.filter((row) => row.loanId === loan.id),
      refunds: refundRows.filter((row) => row.loanId === loan.id),
      writeOffs: writeOffRows.filter((row) => row.loanId === loan.id),
      mpesaPayments: mpesaPayments.filter((row) => row.loanId === loan.id),
    })),
    followUps: await followUpRows,
    messages,
  };
  files['borrower.json'] = new TextEncoder().encode(JSON.stringify(held, null, 2));
  return zipSync(files, { level: 6 });
}

/**
 * Erases the borrower's personal data (see the top of this file). Answers the storage
 * keys of the deleted documents, for the caller to remove once the transaction commits.
 */
export async function eraseBorrower(
  tx: Tx,
  actorUserId: number,
  borrower: typeof borrowers.$inferSelect,
): Promise<string[]> {
  // The row is locked: a loan application racing the erasure waits for it, then finds
  // the borrower erased.
  await tx
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(eq(borrowers.id, borrower.id))
    .for('update');
  const loanRows = await tx
    .select({ id: loans.id, status: loans.status })
    .from(loans)
    .where(eq(loans.borrowerId, borrower.id));
  // Loans that still owe or may still move money: erasure waits until they close.
  if (loanRows.some((loan) => (openLoanStatuses as readonly string[]).includes(loan.status))) {
    throw conflict(borrowersText.eraseOpenLoan);
  }
  const loanIds = loanRows.map((loan) => loan.id);
  if (loanIds.length) {
    const inFlight = await tx
      .select({ id: mpesaRequests.id })
      .from(mpesaRequests)
      .where(and(inArray(mpesaRequests.loanId, loanIds), eq(mpesaRequests.status, 'pending')))
      .limit(1);
    const refunding = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(inArray(refunds.loanId, loanIds), eq(refunds.status, 'pending')))
      .limit(1);
    if (inFlight.length || refunding.length) throw conflict(borrowersText.erasePaymentPending);
  }

  const documentRows = await documentsOf(tx, borrower);
  const erased = borrowersText.erasedName;
  await tx
    .update(borrowers)
    .set({
      firstName: erased,
      lastName: '',
      // Unique per business: a placeholder that cannot be a real number.
      phoneNumber: `erased-${borrower.id}`,
      alternativePhoneNumber: null,
      referringBorrowerId: null,
      dob: '1900-01-01',
      nextOfKinName: '',
      nextOfKinNumber: '',
      nextOfKinRelation: '',
      idNumber: `erased-${borrower.id}`,
      passportPhotoId: null,
      idFrontId: null,
      idBackId: null,
      status: 'blocked',
      erasedAt: new Date(),
      smsRemindersOptedOutAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(borrowers.id, borrower.id));
  // Others who named this borrower as their referrer keep their record, without the link.
  await tx
    .update(borrowers)
    .set({ referringBorrowerId: null })
    .where(eq(borrowers.referringBorrowerId, borrower.id));
  if (loanIds.length) {
    await tx
      .update(mpesaRepaymentTransactions)
      .set({ msisdn: null, firstName: null, raw: null })
      .where(inArray(mpesaRepaymentTransactions.loanId, loanIds));
    await tx
      .update(mpesaRequests)
      .set({ phoneNumber: '', rawResult: null })
      .where(inArray(mpesaRequests.loanId, loanIds));
    await tx
      .update(refunds)
      .set({ phoneNumber: '', reason: null })
      .where(inArray(refunds.loanId, loanIds));
    await tx
      .update(followUps)
      .set({ comment: borrowersText.erasedComment })
      .where(inArray(followUps.loanId, loanIds));
  }
  // The texts are blanked with their figures (a message without a text is written from
  // them), and one still waiting (quiet hours) never leaves.
  await tx
    .update(smsMessages)
    .set({
      status: 'failed',
      failureReason: borrowersText.erasedMessageNotSent,
      updatedAt: new Date(),
    })
    .where(and(eq(smsMessages.borrowerId, borrower.id), eq(smsMessages.status, 'queued')));
  // A message being sent would get its text back when the provider answers: wait for it.
  // (Checked after the update above, which holds the queued ones, so none is claimed now.)
  const sending = await tx
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.borrowerId, borrower.id), eq(smsMessages.status, 'sending')))
    .limit(1);
  if (sending.length) throw conflict(borrowersText.eraseSmsSending);
  await tx
    .update(smsMessages)
    .set({ phoneNumber: '', body: borrowersText.erasedComment, params: {} })
    .where(eq(smsMessages.borrowerId, borrower.id));
  // The register keeps that a complaint was made and how it was handled, not its words.
  await tx
    .update(complaints)
    .set({
      text: borrowersText.erasedComment,
      resolution: sql`case when ${complaints.resolution} is null then null else ${borrowersText.erasedComment} end`,
    })
    .where(eq(complaints.borrowerId, borrower.id));
  const documentIds = documentRows.map((document) => document.id);
  if (documentIds.length) {
    await tx.delete(loanAgreementFiles).where(inArray(loanAgreementFiles.documentId, documentIds));
    await tx.delete(documents).where(inArray(documents.id, documentIds));
  }
  await recordAudit(tx, {
    actorUserId,
    action: 'borrower.erase',
    subjectType: 'borrower',
    subjectId: borrower.id,
    details: { loans: loanIds.length, documents: documentIds.length },
  });
  return documentRows.map((document) => document.storageKey);
}
