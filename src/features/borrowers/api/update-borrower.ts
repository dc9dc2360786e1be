/** PUT /borrower/{id} (multipart; the three document files are optional). */
import { http } from '../../../api/client';
import type { BorrowerAnswer } from './register-borrower';

export function updateBorrower(id: number, body: FormData): Promise<BorrowerAnswer> {
  return http.putForm('/borrower/:id', { params: { id }, body });
}
