/**
 * "A new version of Mkopo is available": a small fixed banner with Update and Later
 * (docs/architecture.md §7). Not a toast: toasts show one at a time and close by themselves, and
 * this offer must neither hide the app's own messages nor go away unanswered. On phones
 * it sits above the agent's bottom bar. app.tsx loads it once a version is offered.
 */
import { Box, Button, getDefaultZIndex, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { pwaText as t } from '../../i18n/pwa';
import { acceptUpdate, postponeUpdate } from './register-service-worker';

export function UpdatePrompt() {
  const [updating, setUpdating] = useState(false);

  function update() {
    setUpdating(true);
    void acceptUpdate();
  }

  return (
    <Box
      pos="fixed"
      bottom={{ base: 'calc(76px + env(safe-area-inset-bottom))', sm: 20 }}
      left={{ base: 12, sm: 'auto' }}
      right={{ base: 12, sm: 20 }}
      w={{ base: 'auto', sm: 420 }}
      style={{ zIndex: getDefaultZIndex('overlay') }}
    >
      <Notification
        role="status"
        title={t.updateTitle}
        icon={<IconRefresh size={20} aria-hidden />}
        color="teal"
        withCloseButton={false}
        withBorder
      >
        <Text size="sm">{t.updateText}</Text>
        <Group mt="sm" gap="xs" justify="flex-end">
          <Button variant="default" mih={44} onClick={postponeUpdate} disabled={updating}>
            {t.later}
          </Button>
          <Button mih={44} onClick={update} disabled={updating}>
            {updating ? t.updating : t.update}
          </Button>
        </Group>
      </Notification>
    </Box>
  );
}
