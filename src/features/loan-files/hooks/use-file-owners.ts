/**
 * The borrowers loan files can be kept for (docs/architecture.md §7): those registered
 * offline and still in the outbox first, then the business's; the list reloads when the
 * server confirms a borrower. The upload page and the outbox's repair form choose from it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { borrowersQuery } from '../../../api/borrowers';
import { pendingBorrowerOf } from '../../../offline/pending';
import { useOutboxConfirmed, usePendingItems } from '../../../offline/use-outbox';
import type { BorrowerChoice } from '../api/get-borrowers';

export type FileOwners = { data: BorrowerChoice[] | undefined; loading: boolean; failed: boolean };

export function useFileOwners(userId: number, businessId: number): FileOwners {
  const queryClient = useQueryClient();
  const fetched = useQuery(borrowersQuery(userId, businessId));
  const pendingBorrowers = usePendingItems(userId, 'borrower', businessId);
  useOutboxConfirmed('borrower', () => {
    void queryClient.invalidateQueries({ queryKey: ['borrowers'] });
  });
  const data = useMemo(() => {
    const pending: BorrowerChoice[] = pendingBorrowers.flatMap((item) => {
      const row = pendingBorrowerOf(item);
      return row ? [row] : [];
    });
    return fetched.data ? [...pending, ...fetched.data] : undefined;
  }, [fetched.data, pendingBorrowers]);
  return { data, loading: fetched.isLoading, failed: Boolean(fetched.error) };
}
