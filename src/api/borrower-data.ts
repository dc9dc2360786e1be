/** A borrower's data rights, for the lender: the ZIP of everything held, and erasure. */
import { http } from './client';
import { downloadFile } from './download';

export function downloadBorrowerData(borrowerId: number): Promise<void> {
  return downloadFile(`/borrower/${borrowerId}/export`, `borrower-${borrowerId}.zip`);
}

export function eraseBorrower(borrowerId: number): Promise<{ message: string }> {
  return http.post<{ message: string }>(`/borrower/${borrowerId}/erase`);
}
