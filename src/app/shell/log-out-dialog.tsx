/** The warning before logging out with work not sent yet (log-out-warning.tsx loads it when asked). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { offlineText } from '../../i18n/offline';

export function LogOutDialog({
  opened,
  unsent,
  onStay,
  onLogOut,
}: {
  opened: boolean;
  /** How many items wait to be sent. */
  unsent: number;
  onStay: () => void;
  onLogOut: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title={offlineText.logOutTitle} size={500} centered>
      <Stack gap="md">
        <Text>{offlineText.logOutText(unsent)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onStay}>
            {offlineText.stay}
          </Button>
          <Button color="red" size="md" onClick={onLogOut}>
            {offlineText.logOutAnyway}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
