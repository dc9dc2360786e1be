/**
 * GET /auth/lender/presigned-url (the spec's "The calls it makes"): a short-lived link to an uploaded
 * document such as a borrower's passport photo.
 */
import { http } from '../../../api/client';
import { DOCUMENTS_BUCKET } from '../../../domain/documents';

export async function getDocumentUrl(fileName: string): Promise<string> {
  const answer = await http.get<{ url: string }>('/auth/lender/presigned-url', {
    bucket: DOCUMENTS_BUCKET,
    fileName,
  });
  return answer.url;
}
