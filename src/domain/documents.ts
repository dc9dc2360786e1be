/** Uploaded documents: what is accepted and the bucket name the client asks links for. */
export const DOCUMENTS_BUCKET = 'mkopo-documents';
export const ACCEPTED_UPLOAD_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
