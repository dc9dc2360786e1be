import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SECOND_FACTOR_SETUP_EVENT, SESSION_REFUSED_EVENT } from '../api/base-url';
import { paths } from '../lib/paths';
import { retryableImport } from '../lib/retryable-import';
import { useSession } from '../lib/session';

// Loaded when needed: the landing page (no session) does not carry the HTTP client. A load
// cut halfway is asked for again at the next refusal.
const importRefreshToken = retryableImport(() => import('../features/lenders/api/refresh-token'));

/**
 * Re-reads the stored token on every path change, and when the server
 * refuses the token mid-session asks for the account's current status: a lender blocked
 * or suspended meanwhile gets a token saying so, and the route guard sends it on to its
 * status page; anyone else, or a refresh that fails, is signed out.
 */
export function SessionWatcher() {
  const { pathname } = useLocation();
  const { user, refresh, signIn, signOut } = useSession();
  const checking = useRef(false);

  useEffect(() => {
    refresh();
  }, [pathname, refresh]);

  const onRefused = useEffectEvent(async () => {
    if (checking.current || !user) return;
    checking.current = true;
    try {
      const token =
        user.role === 'lender'
          ? await importRefreshToken()
              .then(({ refreshToken }) => refreshToken())
              .catch(() => undefined)
          : undefined;
      const changed = token && signIn(token) && refresh()?.status !== user.status;
      if (!changed) signOut();
    } finally {
      checking.current = false;
    }
  });

  useEffect(() => {
    const listener = () => void onRefused();
    window.addEventListener(SESSION_REFUSED_EVENT, listener);
    return () => window.removeEventListener(SESSION_REFUSED_EVENT, listener);
  }, []);

  // A session that must set up a second factor first (an administrator without one).
  const navigate = useNavigate();
  const onSetupRequired = useEffectEvent(() => {
    if (pathname !== paths.secondFactorSetup) void navigate(paths.secondFactorSetup);
  });
  useEffect(() => {
    const listener = () => onSetupRequired();
    window.addEventListener(SECOND_FACTOR_SETUP_EVENT, listener);
    return () => window.removeEventListener(SECOND_FACTOR_SETUP_EVENT, listener);
  }, []);
  return null;
}
