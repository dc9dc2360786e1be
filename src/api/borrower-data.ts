/** A borrower's data rights, for the lender: the ZIP of everything held, and erasure. */
import { invalidate, useWrite, type MutationOptions } from './mutations';
import type { MessageAnswer } from '../domain/answers';
import { http } from './client';
import { downloadFile } from './download';

export function downloadBorrowerData(borrowerId: number): Promise<void> {
  return downloadFile(`/borrower/${borrowerId}/export`, `borrower-${borrowerId}.zip`);
}

/** POST /borrower/{id}/erase: answers the route's messageAnswer. */
export function eraseBorrower(borrowerId: number): Promise<MessageAnswer> {
  return http.post('/borrower/:id/erase', { params: { id: borrowerId } });
}

/** Downloads the ZIP of everything held about a borrower (nothing on screen changes). */
export function useDownloadBorrowerData(borrowerId: number, options?: MutationOptions<void>) {
  return useWrite({ mutationFn: () => downloadBorrowerData(borrowerId) }, options);
}

/**
 * Erases a borrower's personal data: the name and numbers are gone from every loan and
 * borrower list, which reload.
 */
export function useEraseBorrower(borrowerId: number, options?: MutationOptions<MessageAnswer>) {
  return useWrite(
    {
      mutationFn: () => eraseBorrower(borrowerId),
      refresh: (queryClient) => void invalidate(queryClient, 'loans', 'borrowers'),
    },
    options,
  );
}
