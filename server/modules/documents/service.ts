/** Uploaded documents: recording one, finding one by its storage key, and who may read it. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { documents } from '../../db/schema';
import type { UploadedFile } from '../../storage/uploads';
import type { AuthUser } from '../../plugins/auth';
import { HttpError } from '../../lib/http-error';
import { businessFor } from '../businesses/access';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Records an uploaded file, already stored under `storageKey`, in the caller's transaction;
 * answers its id. A business's borrower and loan files name it (`lenderBusinessId`), so its
 * lender and agents may read them too (mayRead).
 */
export async function recordDocument(
  tx: Tx,
  document: { ownerUserId: number; lenderBusinessId?: number; kind: string },
  file: UploadedFile,
  storageKey: string,
): Promise<number> {
  const [row] = await tx
    .insert(documents)
    .values({
      ...document,
      storageKey,
      contentType: file.contentType,
      sizeBytes: file.size,
      sha256: file.sha256,
      originalName: file.fileName,
    })
    .returning({ id: documents.id });
  return row!.id;
}

export async function documentByKey(db: Db, storageKey: string): Promise<DocumentRow | undefined> {
  const [document] = await db.select().from(documents).where(eq(documents.storageKey, storageKey));
  return document;
}

/**
 * Its owner and administrators may read a document; borrower and loan files also the
 * business's lender and its agents.
 */
export async function mayRead(db: Db, user: AuthUser, document: DocumentRow): Promise<boolean> {
  if (user.role === 'admin' || user.role === 'super_admin') return true;
  if (document.ownerUserId === user.id) return true;
  if (document.lenderBusinessId === null) return false;
  // Borrower and loan files: the business's lender and its agents. Only "not found" means
  // "may not read"; anything else (a database failure above all) goes on, to be logged as
  // a 500 rather than answered as a missing document.
  try {
    await businessFor(db, user, document.lenderBusinessId);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return false;
    throw error;
  }
}
