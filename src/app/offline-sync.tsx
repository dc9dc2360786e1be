/**
 * Starts the outbox's sync engine while an agent is signed in (docs/architecture.md §7), again for
 * each new sign-in (a 401 paused it until the same user signs in), and asks the browser
 * to keep the agent's offline data even when space runs low.
 */
import { useEffect } from 'react';
import { useSession } from '../lib/session';
import { startSync } from '../offline/sync-runtime';

export function OfflineSync() {
  const { user } = useSession();
  const agentId = user?.role === 'agent' ? user.id : null;
  useEffect(() => {
    if (agentId === null) return;
    void navigator.storage?.persist?.().catch(() => false);
    return startSync();
  }, [agentId]);
  return null;
}
