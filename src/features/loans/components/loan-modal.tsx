import { Button, Group, Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { loansText as t } from '../../../i18n/loans';

/** A loan dialog (800 or 500 px wide), full screen on phones. */
export function LoanModal(props: Omit<ComponentProps<typeof AppModal>, 'phoneFullScreen'>) {
  return <AppModal {...props} phoneFullScreen />;
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
