/**
 * The query layer (docs/architecture.md §3): one TanStack Query client for every screen
 * behind sign-in. The landing and sign-in pages never load it.
 *
 * Offline reads need no persister: each fetcher goes through `http.get`, which answers
 * an agent's last mirrored copy from Dexie when the network is gone. So queries run
 * whatever the browser says about the network (`networkMode: 'always'`) and the mirror
 * answers; the cache in memory only spares a screen its spinner on the way back.
 */
import { QueryClient } from '@tanstack/react-query';
import { SESSION_USER_CHANGED_EVENT } from './base-url';
import type { ApiError } from './client';

/**
 * What a query key starts with: the API resource it reads. A write invalidates its
 * resource's queries by this first segment, so every screen showing it reloads.
 */
export const apiResources = [
  'administrators',
  'agents',
  'approvals',
  'areas',
  'audit-logs',
  'borrowers',
  'business-types',
  'businesses',
  'complaints',
  'crb-submissions',
  'dashboard',
  'documents',
  'fines',
  'follow-ups',
  'lenders',
  'loan-files',
  'loan-plans',
  'loans',
  'matching',
  'messages',
  'payment-decisions',
  'payments',
  'platform-settings',
  'profile',
  'refunds',
  'regions',
  'repayment-cycles',
  'repayments',
  'reports',
  'statements',
  'unassigned-payments',
  'wallet',
] as const;
export type ApiResource = (typeof apiResources)[number];

declare module '@tanstack/react-query' {
  interface Register {
    /** The fetchers throw what the API client throws. */
    defaultError: ApiError;
    queryKey: readonly [ApiResource, ...ReadonlyArray<unknown>];
    mutationKey: readonly [ApiResource, ...ReadonlyArray<unknown>];
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The mirror answers offline; TanStack must not pause the query waiting for "online".
      networkMode: 'always',
      // A failure shows at once, with the screen's Try again button.
      retry: false,
      // Every visit reloads (showing what is held meanwhile); focus alone does not, so an
      // agent on prepaid data pays for the reloads it asks for.
      staleTime: 0,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always', retry: false },
  },
});

// Nothing one user read is shown to the next user of this phone or browser.
window.addEventListener(SESSION_USER_CHANGED_EVENT, () => queryClient.clear());
