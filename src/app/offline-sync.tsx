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

function readAgain() {
  void queryClient.invalidateQueries({
    predicate: (query) => workingSetResources.includes(query.queryKey[0] as ApiResource),
  });
}

export function OfflineSync() {
  const { user } = useSession();
  const agentId = user?.role === 'agent' ? user.id : null;
  useEffect(() => {
    if (agentId === null) return;
    let stop = () => {};
    const cancel = whenIdle(() => {
      void navigator.storage?.persist?.().catch(() => false);
      const stopOutbox = startSync();
      const stopWorkingSet = startWorkingSetSync();
      window.addEventListener(WORKING_SET_CHANGED_EVENT, readAgain);
      stop = () => {
        stopOutbox();
        stopWorkingSet();
        window.removeEventListener(WORKING_SET_CHANGED_EVENT, readAgain);
      };
    }, 2000);
    return () => {
      cancel();
      stop();
    };
  }, [agentId]);
  return null;
}
