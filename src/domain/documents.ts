/** Uploaded documents: what is accepted and the bucket name the client asks links for. */
import * as v from 'valibot';

export const DOCUMENTS_BUCKET = 'mkopo-documents';
export const ACCEPTED_UPLOAD_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** GET /auth/lender/presigned-url: a link to the document that expires in 15 minutes. */
export const documentLinkView = v.object({ url: v.string() });
export type DocumentLink = v.InferOutput<typeof documentLinkView>;

export const DOCUMENT_NOT_FOUND = 'Document not found.';

/** The document a link is asked for: its bucket and file name (the key it is stored under). */
export const documentLinkQuerySchema = v.object({
  bucket: v.literal(DOCUMENTS_BUCKET, DOCUMENT_NOT_FOUND),
  fileName: v.pipe(v.string(DOCUMENT_NOT_FOUND), v.nonEmpty(DOCUMENT_NOT_FOUND)),
});
