import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { commonText } from '../../../i18n/common';
import { setupText as t } from '../../../i18n/setup';

/** A create dialog (spec part 2 §2: 800 or 500 px wide), full screen on phones. */
export function CreateModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: 500 | 800;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      centered
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}

/** The body of a create dialog: the inline failure, the fields, Cancel and Create. */
export function CreateForm({
  onSubmit,
  onCancel,
  busy,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error && <FailureAlert>{error}</FailureAlert>}
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" size="md" disabled={busy}>
            {busy ? t.creating : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The inline half of spec part 2 §8's failure: titled "Uh oh! Something went wrong." */
export function FailureAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      title={commonText.errorTitle}
      role="alert"
    >
      {children}
    </Alert>
  );
}
