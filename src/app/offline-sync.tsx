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
import { startSync } from '../offline/sync-runtime';

export function OfflineSync() {
  const { user } = useSession();
  const agentId = user?.role === 'agent' ? user.id : null;
  useEffect(() => {
    if (agentId === null) return;
    let stopped = false;
    let stopOutbox = () => {};
    let stopWorkingSet = () => {};
    const cancel = whenIdle(() => {
      void navigator.storage?.persist?.().catch(() => false);
      stopOutbox = startSync();
      // A file that fails to load leaves the card saying when the phone last synced; the
      // next start tries again.
      void import('../offline/working-set/runtime')
        .then(({ startWorkingSetSync }) => {
          if (!stopped) stopWorkingSet = startWorkingSetSync();
        })
        .catch(() => undefined);
    }, 2000);
    return () => {
      stopped = true;
      cancel();
      stopOutbox();
      stopWorkingSet();
    };
  }, [agentId]);
  return null;
}
