/**
 * A lender waiting on an administrator's decision (approval pending, or blocked or
 * suspended on Access Denied) asks for a fresh token every 30 seconds and whenever the
 * window regains focus; once the status in it changes, the new token replaces the
 * session and the route guard takes the lender on (Active → dashboard, Rejected →
 * /lender/rejected). A session the server has ended is signed out here too.
 */
import { useEffect, useEffectEvent } from 'react';
import { ApiError } from '../../../api/client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { userFromToken } from '../../../lib/session-token';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { refreshToken } from '../api/refresh-token';

const STATUS_POLL_MS = 30_000;

export function useLenderStatusWatch() {
  const { user } = useSession();
  const { signInAndGo, signOutAndGo } = useSessionNavigation();
  const watching = user?.role === 'lender';

  const check = useEffectEvent(async () => {
    if (!user) return;
    let token: string | undefined;
    try {
      token = await refreshToken();
    } catch (error) {
      // 401: the session has ended (logged out elsewhere, a new password); anything
      // else is offline or a hiccup, and the next tick or focus tries again.
      if (error instanceof ApiError && error.status === 401) {
        signOutAndGo(paths.home, { announce: false });
      }
      return;
    }
    const next = token ? userFromToken(token) : null;
    if (!token || !next || next.status === user.status) return;
    signInAndGo(token, paths.dashboard.root);
  });

  useEffect(() => {
    if (!watching) return;
    const run = () => void check();
    run();
    const timer = window.setInterval(run, STATUS_POLL_MS);
    window.addEventListener('focus', run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', run);
    };
  }, [watching]);
}
