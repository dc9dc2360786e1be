/**
 * Log out, with a warning first when an agent's work has not reached the server yet
 * (docs/architecture.md §7): the items stay on the phone for the same agent's next sign-in. Used by
 * the user menu and by Access Denied. The dialog's code (Mantine's Modal) loads the first time it
 * is needed, not with the first screen.
 */
import { useState, type ReactNode } from 'react';
import { codeWhenNeeded } from '../code-when-needed';
import type { SessionUser } from '../../lib/session-token';
import { useLogOut } from '../../lib/use-log-out';
import { useOutboxCounts } from '../../offline/use-connection';

// A load cut halfway is tried again while the warning is asked for (code-when-needed.tsx),
// instead of an error screen in the middle of logging out.
const LogOutDialog = codeWhenNeeded(
  () => import('./log-out-dialog'),
  (module) => module.LogOutDialog,
);

export function useLogOutWithWarning(user: SessionUser | null): {
  /** Logs out at once, or opens the warning when work waits. */
  requestLogOut: () => void;
  /** The warning dialog, to be rendered by the caller. */
  warning: ReactNode;
} {
  const logOut = useLogOut();
  const counts = useOutboxCounts(user?.role === 'agent' ? user.id : null);
  const unsent = counts.waiting + counts.sending + counts.needsAttention;
  const [open, setOpen] = useState(false);
  // Mounted from the first warning on, so closing it plays the dialog's transition.
  const [asked, setAsked] = useState(false);
  const requestLogOut = () => {
    if (unsent === 0) return logOut();
    setAsked(true);
    setOpen(true);
  };

  const warning = (
    <LogOutDialog
      needed={asked}
      opened={open}
      unsent={unsent}
      onStay={() => setOpen(false)}
      onLogOut={() => {
        setOpen(false);
        logOut();
      }}
    />
  );
  return { requestLogOut, warning };
}
