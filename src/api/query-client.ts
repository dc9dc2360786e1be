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
import { WORKING_SET_CHANGED_EVENT } from '../offline/working-set/freshness';
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

/** The resources agent screens read from the working set (docs/architecture.md §7). */
const workingSetResources: ReadonlySet<ApiResource> = new Set<ApiResource>([
  'agents',
  'areas',
  'borrowers',
  'businesses',
  'complaints',
  'dashboard',
  'follow-ups',
  'loan-files',
  'loan-plans',
  'loans',
  'repayment-cycles',
]);

const readsOfTheWorkingSet = {
  predicate: (query: { queryKey: readonly unknown[] }) =>
    workingSetResources.has(query.queryKey[0] as ApiResource),
};

/**
 * A sync changed the agent's working set: every screen reading it reads again. Listened to
 * here, from the first query on: a screen's first read starts a sync of its own, which can
 * end before the code of the agent's other syncs (src/app/offline-sync.tsx) has loaded.
 * Reads still running are dropped first: begun before the sync wrote, they would answer
 * what it replaced, and TanStack joins a running read of a query that has no data yet
 * instead of starting another.
 */
export async function readTheWorkingSetAgain(): Promise<void> {
  await queryClient.cancelQueries(readsOfTheWorkingSet);
  await queryClient.invalidateQueries(readsOfTheWorkingSet);
}
window.addEventListener(WORKING_SET_CHANGED_EVENT, () => void readTheWorkingSetAgain());
