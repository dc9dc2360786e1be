/** A borrower's data rights, for the lender: the ZIP of everything held, and erasure. */
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
