/** The agent's screens, and the offline sync that runs while an agent is signed in. */
import { Suspense } from 'react';
import { useAfterFirstCommit } from '../../lib/use-progressive-count';
import { useSession } from '../../lib/session';
import { page } from './lazy-page';

// Dexie and the sync engine load only once an agent is signed in, not on the landing page.
const OfflineSync = page(() => import('../offline-sync'), 'OfflineSync');
export const AgentProfilePage = page(
  () => import('../../features/agents/pages/agent-profile-page'),
  'AgentProfilePage',
);
export const BorrowersPage = page(
  () => import('../../features/borrowers/pages/borrowers-page'),
  'BorrowersPage',
);
export const BorrowerDetailPage = page(
  () => import('../../features/borrowers/pages/borrower-detail-page'),
  'BorrowerDetailPage',
);
export const FollowUpsPage = page(
  () => import('../../features/follow-ups/pages/follow-ups-page'),
  'FollowUpsPage',
);
export const FollowUpPage = page(
  () => import('../../features/follow-ups/pages/follow-up-page'),
  'FollowUpPage',
);
export const LoanFilesPage = page(
  () => import('../../features/loan-files/pages/loan-files-page'),
  'LoanFilesPage',
);
export const OutboxScreen = page(() => import('../outbox-screen'), 'OutboxScreen');

/**
 * The offline sync for a signed-in agent, from just after the first screen is committed: its
 * code (Dexie and the sync engine) is not the first screen's, and loading it as the screen
 * rendered put its evaluation between the render's slices (src/main.tsx), before the screen
 * (about 60 ms of the open at 8×).
 */
export function AgentOfflineSync() {
  const { user } = useSession();
  const committed = useAfterFirstCommit();
  if (user?.role !== 'agent' || !committed) return null;
  return (
    <Suspense fallback={null}>
      <OfflineSync />
    </Suspense>
  );
}
