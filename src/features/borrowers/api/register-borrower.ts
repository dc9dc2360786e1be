/** POST /borrower/register (multipart): answers 201 {message, data}. */
import { http } from '../../../api/client';
import type { BorrowerAnswer } from '../../../domain/borrowers';

export type { BorrowerAnswer } from '../../../domain/borrowers';

export function registerBorrower(body: FormData): Promise<BorrowerAnswer> {
  return http.postForm<BorrowerAnswer>('/borrower/register', body);
}
