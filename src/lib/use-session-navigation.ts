/**
 * Signing in or out and moving to the next screen must land in the same render: the
 * router applies navigation inside a transition, so a session change made outside it
 * would first let a route guard on the current screen redirect somewhere else (a
 * signed-in visitor of /login/lender is sent to /business-selector, a signed-out lender
 * on a guarded page to "/" with a remembered return path).
 */
import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from './session';
import { notifySuccess } from './notify';
import { paths } from './paths';
import { authText } from '../i18n/auth';

export function useSessionNavigation() {
  const navigate = useNavigate();
  const { signIn, signOut } = useSession();

  /** Stores the token and goes to `to`; false when the token cannot be used. */
  const signInAndGo = useCallback(
    (token: string, to: string): boolean => {
      let accepted = false;
      startTransition(() => {
        accepted = signIn(token);
        if (accepted) void navigate(to, { replace: true });
      });
      return accepted;
    },
    [navigate, signIn],
  );

  /** Clears the session (with the "Logged out successfully!" toast when asked) and goes to `to`. */
  const signOutAndGo = useCallback(
    (to: string = paths.home, { announce = true }: { announce?: boolean } = {}) => {
      startTransition(() => {
        signOut();
        void navigate(to, { replace: true });
      });
      if (announce) notifySuccess(authText.successTitle, authText.logoutSuccess);
    },
    [navigate, signOut],
  );

  return { signInAndGo, signOutAndGo };
}
