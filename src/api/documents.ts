/**
 * Links to uploaded documents, which several screens show (docs/architecture.md §1): the
 * one fetcher of GET /auth/lender/presigned-url, typed by the answer's schema.
 */
import { queryOptions } from '@tanstack/react-query';
import { DOCUMENTS_BUCKET } from '../domain/documents';
import { http } from './client';

/**
 * GET /auth/lender/presigned-url: a short-lived link to an
 * uploaded document, named by its storage key. The bucket name is fixed in the client.
 */
export async function getDocumentUrl(fileName: string): Promise<string> {
  const answer = await http.get('/auth/lender/presigned-url', {
    query: {
      bucket: DOCUMENTS_BUCKET,
      fileName,
    },
  });
  return answer.url;
}

/** A document's presigned link (read again on each visit: links expire). */
export const documentUrlQuery = (fileName: string) =>
  queryOptions({ queryKey: ['documents', fileName], queryFn: () => getDocumentUrl(fileName) });
