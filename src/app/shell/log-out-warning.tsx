/**
 * Log out, with a warning first when an agent's work has not reached the server yet
 * (docs/architecture.md §7): the items stay on the phone for the same agent's next sign-in. Used by
 * the user menu and by Access Denied.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { offlineText } from '../../i18n/offline';
import type { SessionUser } from '../../lib/session-token';
import { useLogOut } from '../../lib/use-log-out';
import { useOutboxCounts } from '../../offline/use-outbox';

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
  const requestLogOut = () => (unsent > 0 ? setOpen(true) : logOut());

  const warning = (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
      title={offlineText.logOutTitle}
      size={500}
      centered
    >
      <Stack gap="md">
        <Text>{offlineText.logOutText(unsent)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={() => setOpen(false)}>
            {offlineText.stay}
          </Button>
          <Button
            color="red"
            size="md"
            onClick={() => {
              setOpen(false);
              logOut();
            }}
          >
            {offlineText.logOutAnyway}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { requestLogOut, warning };
}
