/**
 * While an agent is signed in (docs/architecture.md §7): starts the outbox's sync engine
 * and the working set's sync, again for each new sign-in (a 401 paused the outbox until
 * the same user signs in), asks the browser to keep the agent's offline data even when
 * space runs low. The syncs start once the first screen is drawn and the browser is idle: on
 * a slow phone their reads of the offline store would otherwise hold back the screen's own
 * reads and the agent's first tap. The working set's sync (its record checks and their
 * texts) is loaded then too, not with the first screen. The screens read again what a sync
 * changed through the query layer (src/api/query-client.ts), which listens from its first
 * query on.
 */
import { useEffect } from 'react';
import { useSession } from '../lib/session';
import { whenIdle } from '../lib/when-idle';
import { whenOnlineOrAfter } from '../lib/when-online';
import { loadWorkingSetRuntime } from '../offline/code';
import { startSync } from '../offline/sync-runtime';

const WORKING_SET_RETRY_MS = 30_000;

export function OfflineSync() {
  const { user } = useSession();
  const agentId = user?.role === 'agent' ? user.id : null;
  useEffect(() => {
    if (agentId === null) return;
    let stopped = false;
    let stopOutbox = () => {};
    let stopWorkingSet = () => {};
    let cancelRetry = () => {};
    // The working set's code, which a dropped connection may have cut halfway: loaded
    // again when the phone is back online, or half a minute later, until it starts (an
    // agent who signed in on a poor signal must still have the working set by the time it
    // is gone). Meanwhile the card says when the phone last synced.
    const startWorkingSet = () => {
      void loadWorkingSetRuntime().then(
        ({ startWorkingSetSync }) => {
          if (!stopped) stopWorkingSet = startWorkingSetSync();
        },
        () => {
          if (!stopped) cancelRetry = whenOnlineOrAfter(startWorkingSet, WORKING_SET_RETRY_MS);
        },
      );
    };
    const cancel = whenIdle(() => {
      void navigator.storage?.persist?.().catch(() => false);
      stopOutbox = startSync();
      startWorkingSet();
    }, 2000);
    return () => {
      stopped = true;
      cancelRetry();
      cancel();
      stopOutbox();
      stopWorkingSet();
    };
  }, [agentId]);
  return null;
}
