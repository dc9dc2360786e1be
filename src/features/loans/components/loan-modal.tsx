import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { loansText as t } from '../../../i18n/loans';

/** A loan dialog (the spec's "Screens and routes": 800 or 500 px wide), full screen on phones. */
export function LoanModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: 500 | 800;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
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

/** A read-only dialog (500 px) with a Close button. */
export function InfoModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <LoanModal opened={opened} onClose={onClose} title={title} size={500}>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Stack>
    </LoanModal>
  );
}
