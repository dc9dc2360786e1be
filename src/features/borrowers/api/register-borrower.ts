/** POST /borrower/register (multipart): answers 201 {message, data}. */
import { http } from '../../../api/client';
import type { Borrower } from '../types/borrower';

export type BorrowerAnswer = { message: string; data: Borrower };

export function registerBorrower(body: FormData): Promise<BorrowerAnswer> {
  return http.postForm<BorrowerAnswer>('/borrower/register', body);
}
