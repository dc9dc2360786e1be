/** POST /borrower/register (multipart): answers 201 {message, data}. */
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { BorrowerAnswer } from '../../../domain/borrowers';

export type { BorrowerAnswer } from '../../../domain/borrowers';

/** Where a registration goes, online and from the outbox (docs/architecture.md §7). */
export const BORROWER_REGISTER_PATH = '/borrower/register' satisfies PathOf<'POST'>;

export function registerBorrower(body: FormData): Promise<BorrowerAnswer> {
  return http.postForm(BORROWER_REGISTER_PATH, { body });
}
