/** PUT /borrower/{id} (multipart; the three document files are optional). */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { BorrowerAnswer } from './register-borrower';

export function updateBorrower(id: number, body: FormData): Promise<BorrowerAnswer> {
  return http.putForm('/borrower/:id', { params: { id }, body });
}

/** Saves a borrower's edit; the lists, this borrower and the dashboards' counts reload. */
export function useUpdateBorrower(
  options?: MutationOptions<BorrowerAnswer, { id: number; body: FormData }>,
) {
  return useWrite(
    {
      mutationFn: ({ id, body }: { id: number; body: FormData }) => updateBorrower(id, body),
      refresh: (queryClient) => void invalidate(queryClient, 'borrowers', 'dashboard'),
    },
    options,
  );
}
