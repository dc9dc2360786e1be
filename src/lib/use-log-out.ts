import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from './paths';
import { notifySuccess } from './notify';
import { useSession } from './session';

/**
 * Log out: forget the session and the selected business,
 * toast "Logged out successfully!", go to the landing page.
 */
export function useLogOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    // The sign-in texts load with the toast, not with every signed-in screen
    // (the README's "Performance").
    void import('../i18n/auth').then(({ authText }) =>
      notifySuccess(authText.loginSuccessTitle, authText.logoutSuccess),
    );
    void navigate(paths.home);
  }, [signOut, navigate]);
}
