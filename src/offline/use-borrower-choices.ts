/**
 * The borrowers a field form chooses from (the loan application, loan files; docs/architecture.md
 * §7): those registered offline and still in the outbox first, under their temporary ids, then
 * the business's; the list reloads when the server confirms a borrower.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { borrowersQuery, type Borrower } from '../api/borrowers';
import { pendingBorrowerOf, type PendingBorrower } from './pending';
import { useReloadWhenSent } from '../api/mutations';
import { usePendingItems } from './use-outbox';

export type BorrowerChoices = {
  /** Undefined until the business's borrowers are read. */
  data: (PendingBorrower | Borrower)[] | undefined;
  loading: boolean;
  failed: boolean;
};

export function useBorrowerChoices(userId: number, businessId: number): BorrowerChoices {
  const fetched = useQuery(borrowersQuery(userId, businessId));
  const pendingItems = usePendingItems(userId, 'borrower', businessId);
  useReloadWhenSent('borrower', 'borrowers');
  const data = useMemo(() => {
    const pending = pendingItems.flatMap((item) => {
      const row = pendingBorrowerOf(item);
      return row ? [row] : [];
    });
    return fetched.data ? [...pending, ...fetched.data] : undefined;
  }, [fetched.data, pendingItems]);
  return { data, loading: fetched.isLoading, failed: Boolean(fetched.error) };
}
