/**
 * A business's borrowers, which several screens choose from (docs/architecture.md §1):
 * the one fetcher of GET /borrower/all/{userId}/{businessId}, so the screens share one
 * cached list.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Borrower } from '../domain/borrowers';
import { http } from './client';

export type { Borrower };

/** GET /borrower/all/{userId}/{businessId}: the borrowers of a business as this user sees them. */
export function getBorrowers(userId: number, businessId: number): Promise<Borrower[]> {
  return http.get('/borrower/all/:userId/:businessId', { params: { userId, businessId } });
}

export const borrowersQuery = (userId: number, businessId: number) =>
  queryOptions({
    queryKey: ['borrowers', { userId, businessId }],
    queryFn: () => getBorrowers(userId, businessId),
    // Read as the agent's finger came down on the link to a screen showing them
    // (shell/agent-bottom-bar.tsx): that screen shows that read, not a second one. Every
    // later visit reloads them, as the app's other reads do.
    staleTime: 2_000,
  });
