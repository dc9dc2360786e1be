/**
 * While an agent is signed in (docs/architecture.md §7): starts the outbox's sync engine
 * and the working set's sync, again for each new sign-in (a 401 paused the outbox until
 * the same user signs in), asks the browser to keep the agent's offline data even when
 * space runs low, and has the screens read again what a sync changed. The syncs start once
 * the first screen is drawn and the browser is idle: on a slow phone their reads of the
 * offline store would otherwise hold back the screen's own reads and the agent's first tap.
 */
import { useEffect } from 'react';
import { queryClient, type ApiResource } from '../api/query-client';
import { useSession } from '../lib/session';
import { whenIdle } from '../lib/when-idle';
import { startSync } from '../offline/sync-runtime';
import { startWorkingSetSync, WORKING_SET_CHANGED_EVENT } from '../offline/working-set/runtime';

/** The resources agent screens read from the working set. */
const workingSetResources: readonly ApiResource[] = [
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
];

const readsOfTheWorkingSet = {
  predicate: (query: { queryKey: readonly unknown[] }) =>
    workingSetResources.includes(query.queryKey[0] as ApiResource),
};

async function readAgain() {
  // A screen's first read may still be running, begun before the sync wrote: TanStack would
  // join it (it cancels a refetch only of a query that already has data) and the screen
  // would keep what the sync just replaced. So reads in flight are dropped first.
  await queryClient.cancelQueries(readsOfTheWorkingSet);
  await queryClient.invalidateQueries(readsOfTheWorkingSet);
}

function onWorkingSetChanged() {
  void readAgain();
}

export function OfflineSync() {
  const { user } = useSession();
  const agentId = user?.role === 'agent' ? user.id : null;
  useEffect(() => {
    if (agentId === null) return;
    // Listening costs nothing and starts at once: a screen's own read may start a sync
    // before the idle moment below, and the screens must hear when that one changes things.
    window.addEventListener(WORKING_SET_CHANGED_EVENT, onWorkingSetChanged);
    let stop = () => {};
    const cancel = whenIdle(() => {
      void navigator.storage?.persist?.().catch(() => false);
      const stopOutbox = startSync();
      const stopWorkingSet = startWorkingSetSync();
      stop = () => {
        stopOutbox();
        stopWorkingSet();
      };
    }, 2000);
    return () => {
      cancel();
      stop();
      window.removeEventListener(WORKING_SET_CHANGED_EVENT, onWorkingSetChanged);
    };
  }, [agentId]);
  return null;
}
