import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';

/** Re-reads the stored token on every path change (spec part 1 §2.2). */
export function SessionWatcher() {
  const { pathname } = useLocation();
  const { refresh } = useSession();
  useEffect(() => {
    refresh();
  }, [pathname, refresh]);
  return null;
}
